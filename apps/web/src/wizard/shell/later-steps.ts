import type { ComponentType } from 'react';
import type { FIRST_STEP, WizardStep } from '@fibre/domain/wizard';
import type { StepModule, Prefetch } from './steps.ts';

/*
 * The steps after the address step, one lazily loaded chunk each (shell/steps.ts asks this map, in
 * a chunk of its own, when one is wanted): the first screen carries neither their loaders nor the
 * lists of files each one needs. Steps never import each other; this map and the address step's
 * loader in steps.ts are the only places that know them all.
 */

/**
 * A step loaded with the progress bar and the query cache's provider around it (later-step.tsx):
 * the query library and the progress bar arrive with the second step, not the first.
 */
const withQueries =
  (load: () => Promise<[ComponentType, Prefetch?]>) => async (): Promise<StepModule> => {
    const [{ laterStep }, [Component, prefetch]] = await Promise.all([
      import('./later-step.tsx'),
      load(),
    ]);
    return { default: laterStep(Component), prefetch };
  };

export const laterSteps: Record<
  Exclude<WizardStep, typeof FIRST_STEP>,
  () => Promise<StepModule>
> = {
  plans: withQueries(() =>
    import('../steps/build-plan/build-plan-step.tsx').then((m) => [m.BuildPlanStep, m.prefetch]),
  ),
  contact: withQueries(() =>
    import('../steps/contact-info/contact-info-step.tsx').then((m) => [m.ContactInfoStep]),
  ),
  connection: withQueries(() =>
    import('../steps/connection-details/connection-details-step.tsx').then((m) => [
      m.ConnectionDetailsStep,
    ]),
  ),
  installation: withQueries(() =>
    import('../steps/installation/installation-step.tsx').then((m) => [
      m.InstallationStep,
      m.prefetch,
    ]),
  ),
  payment: withQueries(() =>
    import('../steps/payment/payment-step.tsx').then((m) => [m.PaymentStep, m.prefetch]),
  ),
  confirmation: withQueries(() =>
    import('../steps/confirmation/confirmation-step.tsx').then((m) => [m.ConfirmationStep]),
  ),
};
