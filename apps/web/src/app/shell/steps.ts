import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { WizardStep } from '@fibre/domain';

/*
 * One lazily loaded chunk per step folder: the first screen downloads only the address step.
 * Steps never import each other; this map is the only place that knows them all.
 */

type Step = LazyExoticComponent<ComponentType>;

const checkAddress = lazy(() =>
  import('../../steps/check-address/check-address-step.tsx').then((m) => ({
    default: m.CheckAddressStep,
  })),
);
const buildPlan = lazy(() =>
  import('../../steps/build-plan/build-plan-step.tsx').then((m) => ({ default: m.BuildPlanStep })),
);
const contactInfo = lazy(() =>
  import('../../steps/contact-info/contact-info-step.tsx').then((m) => ({
    default: m.ContactInfoStep,
  })),
);
const connectionDetails = lazy(() =>
  import('../../steps/connection-details/connection-details-step.tsx').then((m) => ({
    default: m.ConnectionDetailsStep,
  })),
);
const installation = lazy(() =>
  import('../../steps/installation/installation-step.tsx').then((m) => ({
    default: m.InstallationStep,
  })),
);
const payment = lazy(() =>
  import('../../steps/payment/payment-step.tsx').then((m) => ({ default: m.PaymentStep })),
);
const confirmation = lazy(() =>
  import('../../steps/confirmation/confirmation-step.tsx').then((m) => ({
    default: m.ConfirmationStep,
  })),
);

export const stepComponents: Record<WizardStep, Step> = {
  1: checkAddress,
  2: buildPlan,
  3: contactInfo,
  4: connectionDetails,
  5: installation,
  6: payment,
  7: confirmation,
};
