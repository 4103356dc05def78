import { analyticsStepNumber, type WizardStep } from '@fibre/domain/wizard';

/*
 * The analytics data layer (docs/rules/wizard-flow.md). Each step change pushes one entry,
 * `{ event: 'pageview', page: <the step's page name>, step: <1..7> }`, where the page name is the
 * domain's analyticsPageName and the number the step's own, fixed for good (analyticsStepNumber:
 * the tag-manager container's format, unchanged when steps became ids). The tag-manager container,
 * when configured, reads the same array; without it the pushes simply collect.
 */

export interface PageViewEntry {
  event: 'pageview';
  page: string;
  step: number;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function pushPageView(page: string, step: WizardStep): void {
  const entry: PageViewEntry = { event: 'pageview', page, step: analyticsStepNumber(step) };
  dataLayer().push(entry);
}
