/*
 * The analytics data layer (docs/rules/wizard-flow.md). Each step change pushes one entry,
 * `{ event: 'pageview', page: <the step's page name>, step: <1..7> }`, where the page name is the
 * domain's analyticsPageNames entry. The tag-manager container, when configured, reads the same
 * array; without it the pushes simply collect.
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

export function pushPageView(page: string, step: number): void {
  const entry: PageViewEntry = { event: 'pageview', page, step };
  dataLayer().push(entry);
}
