import { StepHeading } from '../../app/shell/step-focus.tsx';
import { useStepNavigation } from '../../app/store/store-context.tsx';
import { Button } from '../../app/ui/button.tsx';

/**
 * Step 5, Installation: a placeholder so the flow is reachable. The two-month calendar, time
 * windows and the held-slot countdown are built next, in this folder.
 */
export function InstallationStep() {
  const { back } = useStepNavigation();
  return (
    <section className="step">
      <StepHeading>Installation</StepHeading>
      <p className="step-intro">
        Choosing an installation date and time is coming here next. Installation takes about 45-60
        minutes.
      </p>
      <div className="step-actions">
        <Button variant="secondary" onClick={back}>
          Go back
        </Button>
      </div>
    </section>
  );
}
