import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  FIRST_STEP,
  analyticsPageName,
  funnelStepOf,
  nextStep,
  type WizardStep,
} from '@fibre/domain/wizard';
import { pushPageView } from '../analytics/data-layer.ts';
import { reportStep } from '../analytics/funnel.ts';
import { wizardSummary } from '../store/selectors.ts';
import { useWizard } from '../store/store-context.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { ErrorBoundary } from '../../shared/lazy/error-boundary.tsx';
import { StepFocusContext } from '../../shared/layout/step-focus.tsx';
import { StepSkeleton } from '../../shared/layout/step-skeleton.tsx';
import { preloadStep, stepComponent } from './steps.ts';

/**
 * Shows the current step (each step is its own lazily loaded chunk). On every step change it
 * scrolls to the top, pushes the step's analytics page name, reports the step to the funnel
 * (docs/rules/funnel.md), and lets the new heading take focus.
 */
export function StepOutlet() {
  const state = useWizard();
  const { step, address, campaign } = state;
  const config = useConfig();
  const building = address.value?.uniqueCode;
  const offer = campaign.campaign?.id;
  const [firstStep] = useState<WizardStep>(step);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && step !== firstStep) setNavigated(true);

  const pushed = useRef<WizardStep | null>(null);
  // Before the browser paints the new step: painted first, a shorter step would show the page
  // scrolled to where the old one was, its footer risen into view, a layout shift (Lighthouse
  // counted 0.8 on the confirmation, bench/README.md).
  useLayoutEffect(() => {
    // Once per step change (React's development double effects must not push twice).
    if (pushed.current === step) return;
    const isChange = pushed.current !== null;
    pushed.current = step;
    if (isChange) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    pushPageView(analyticsPageName(step), step);
    reportStep(funnelStepOf(step), building, offer);
  }, [step, building, offer]);

  // The next step's code, fetched while the visitor is on this one (docs/rules/wizard-flow.md#steps):
  // from the address step once it offers View plans (the first screen fetches no more than its
  // own), from a later step once it has shown and the browser is idle.
  const next =
    step === FIRST_STEP && !wizardSummary(state).addressServiceable ? null : nextStep(step);
  const ahead = useRef({ state, config });
  ahead.current = { state, config };
  useEffect(() => {
    if (next === null) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? clearTimeout;
    const id = idle(() => preloadStep(next, ahead.current.state, ahead.current.config));
    return () => cancel(id);
  }, [next]);

  // Chosen once per step change, so that a step drawn by its lazy component is not drawn again,
  // and its state lost, by its own once the code has come.
  const [shown, setShown] = useState(() => ({ step, Step: stepComponent(step) }));
  if (shown.step !== step) setShown({ step, Step: stepComponent(step) });
  const Step = shown.step === step ? shown.Step : stepComponent(step);
  return (
    <main id="main" className="main">
      <div className="page">
        <StepFocusContext value={navigated}>
          <ErrorBoundary key={step}>
            <Suspense fallback={<StepSkeleton />}>
              <Step />
            </Suspense>
          </ErrorBoundary>
        </StepFocusContext>
      </div>
    </main>
  );
}
