import type { ComponentType } from 'react';
import { withQueries } from '../shared/query/with-queries.tsx';
import { useWizard } from '../shared/store/store-context.tsx';
import { ProgressBar } from './progress-bar.tsx';

/**
 * A step after the address step, as its lazy chunk brings it (shell/steps.ts): the progress bar,
 * shown from step 2 (docs/rules/wizard-flow.md), above the step in the page's query cache. The
 * first screen downloads neither (the address step's budget, bench/RESULTS.md).
 */
export function laterStep(Step: ComponentType): ComponentType {
  const Queried = withQueries(Step);
  function LaterStep() {
    const { step } = useWizard();
    return (
      <>
        <ProgressBar step={step} />
        <Queried />
      </>
    );
  }
  LaterStep.displayName = `LaterStep(${Step.displayName ?? Step.name})`;
  return LaterStep;
}
