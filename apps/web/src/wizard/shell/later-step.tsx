import { useMutationState } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { withQueries } from '../../shared/query/with-queries.tsx';
import { useWizard } from '../store/store-context.tsx';
import { ProgressBar } from './progress-bar.tsx';

/**
 * A step after the address step, as its lazy chunk brings it (shell/steps.ts): the progress bar,
 * shown from step 2 (docs/rules/wizard-flow.md), above the step in the page's query cache. The
 * first screen downloads neither (the address step's budget, bench/RESULTS.md).
 */
export function laterStep(Step: ComponentType): ComponentType {
  function WithProgress() {
    const { step } = useWizard();
    // The install's last answer (steps/confirmation/use-install.ts): a confirmation whose order
    // failed does not show Payment done.
    const answers = useMutationState({
      filters: { mutationKey: ['install'] },
      select: (mutation) => mutation.state.data as { result?: { success?: boolean } } | undefined,
    });
    const orderFailed = step === 'confirmation' && answers.at(-1)?.result?.success === false;
    return (
      <>
        <ProgressBar step={step} orderFailed={orderFailed} />
        <Step />
      </>
    );
  }
  WithProgress.displayName = `WithProgress(${Step.displayName ?? Step.name})`;
  const Queried = withQueries(WithProgress);
  function LaterStep() {
    return <Queried />;
  }
  LaterStep.displayName = `LaterStep(${Step.displayName ?? Step.name})`;
  return LaterStep;
}
