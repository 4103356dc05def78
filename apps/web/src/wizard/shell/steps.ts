import type { ComponentType, LazyExoticComponent } from 'react';
import type { WizardStep } from '@fibre/domain/wizard';
import { lazyWithRetry } from '../../shared/lazy/lazy-with-retry.ts';

/*
 * One lazily loaded chunk per step folder: the first screen downloads only the address step.
 * Steps never import each other; this map is the only place that knows them all. A chunk that
 * fails to load is asked for once more before the step says it did not load (lazy-with-retry.ts).
 */

type Step = LazyExoticComponent<ComponentType>;

/**
 * A step after the address step, loaded with the progress bar and the query cache's provider around
 * it (later-step.tsx): the query library and the progress bar arrive with the second step, not the
 * first.
 */
const withQueries = (load: () => Promise<ComponentType>): Step =>
  lazyWithRetry(async () => {
    const [{ laterStep }, Component] = await Promise.all([import('./later-step.tsx'), load()]);
    return { default: laterStep(Component) };
  });

const checkAddress = lazyWithRetry(() =>
  import('../steps/check-address/check-address-step.tsx').then((m) => ({
    default: m.CheckAddressStep,
  })),
);
const buildPlan = withQueries(() =>
  import('../steps/build-plan/build-plan-step.tsx').then((m) => m.BuildPlanStep),
);
const contactInfo = withQueries(() =>
  import('../steps/contact-info/contact-info-step.tsx').then((m) => m.ContactInfoStep),
);
const connectionDetails = withQueries(() =>
  import('../steps/connection-details/connection-details-step.tsx').then(
    (m) => m.ConnectionDetailsStep,
  ),
);
const installation = withQueries(() =>
  import('../steps/installation/installation-step.tsx').then((m) => m.InstallationStep),
);
const payment = withQueries(() =>
  import('../steps/payment/payment-step.tsx').then((m) => m.PaymentStep),
);
const confirmation = withQueries(() =>
  import('../steps/confirmation/confirmation-step.tsx').then((m) => m.ConfirmationStep),
);

export const stepComponents: Record<WizardStep, Step> = {
  address: checkAddress,
  plans: buildPlan,
  contact: contactInfo,
  connection: connectionDetails,
  installation,
  payment,
  confirmation,
};
