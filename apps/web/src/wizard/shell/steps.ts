import type { ComponentType, LazyExoticComponent } from 'react';
import type { WizardStep } from '@fibre/domain/wizard';
import type { AppConfig } from '../../shared/config/config-context.tsx';
import type { WizardState } from '../store/state.ts';
import { lazyWithRetry } from '../../shared/lazy/lazy-with-retry.ts';

/*
 * One lazily loaded chunk per step folder: the first screen downloads only the address step.
 * Steps never import each other; this map is the only place that knows them all. A chunk that
 * fails to load is asked for once more before the step says it did not load (lazy-with-retry.ts).
 */

type Step = LazyExoticComponent<ComponentType>;
type Load = () => Promise<{ default: ComponentType }>;

/**
 * A step after the address step, loaded with the progress bar and the query cache's provider around
 * it (later-step.tsx): the query library and the progress bar arrive with the second step, not the
 * first.
 */
const withQueries =
  (load: () => Promise<ComponentType>): Load =>
  async () => {
    const [{ laterStep }, Component] = await Promise.all([import('./later-step.tsx'), load()]);
    return { default: laterStep(Component) };
  };

const loads: Record<WizardStep, Load> = {
  address: () =>
    import('../steps/check-address/check-address-step.tsx').then((m) => ({
      default: m.CheckAddressStep,
    })),
  plans: withQueries(() =>
    import('../steps/build-plan/build-plan-step.tsx').then((m) => m.BuildPlanStep),
  ),
  contact: withQueries(() =>
    import('../steps/contact-info/contact-info-step.tsx').then((m) => m.ContactInfoStep),
  ),
  connection: withQueries(() =>
    import('../steps/connection-details/connection-details-step.tsx').then(
      (m) => m.ConnectionDetailsStep,
    ),
  ),
  installation: withQueries(() =>
    import('../steps/installation/installation-step.tsx').then((m) => m.InstallationStep),
  ),
  payment: withQueries(() =>
    import('../steps/payment/payment-step.tsx').then((m) => m.PaymentStep),
  ),
  confirmation: withQueries(() =>
    import('../steps/confirmation/confirmation-step.tsx').then((m) => m.ConfirmationStep),
  ),
};

// One load per step, shared by the step's lazy component and an early fetch (preloadStep); a load
// that failed is forgotten, so the retry, or the step shown later, asks again.
const loading = new Map<WizardStep, ReturnType<Load>>();
function load(step: WizardStep): ReturnType<Load> {
  let pending = loading.get(step);
  if (!pending) {
    pending = loads[step]();
    loading.set(step, pending);
    pending.catch(() => loading.delete(step));
  }
  return pending;
}

// A step's first answers, asked for with its code (each step folder's prefetch.ts, where it has
// one): the step finds them in the page's query cache instead of asking once it shows.
const prefetches: Partial<
  Record<WizardStep, () => Promise<{ prefetch: (state: WizardState, config: AppConfig) => void }>>
> = {
  plans: () => import('../steps/build-plan/prefetch.ts'),
  installation: () => import('../steps/installation/prefetch.ts'),
};

export const stepComponents = Object.fromEntries(
  Object.keys(loads).map((step) => [step, lazyWithRetry(() => load(step as WizardStep))]),
) as Record<WizardStep, Step>;

/**
 * Fetches a step's code before it is shown (docs/rules/wizard-flow.md#steps: the next step's code
 * and its first answers are fetched while the visitor is still on the step before), so that
 * moving on waits for no download; a failure is left to the step's own load.
 */
export function preloadStep(step: WizardStep, state: WizardState, config: AppConfig): void {
  load(step).catch(() => undefined);
  prefetches[step]?.()
    .then((m) => m.prefetch(state, config))
    .catch(() => undefined);
}
