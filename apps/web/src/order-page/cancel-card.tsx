import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { text } from './text.ts';

interface CancelCardProps {
  idPrefix: string;
  allowed: boolean;
  /** Why the order cannot be cancelled, when not said already in the installation's card. */
  refusal: string | null;
  onCancel: () => void;
}

/** Cancelling the order, or why it can no longer be cancelled; nothing when neither applies. */
export function CancelCard({ idPrefix: ids, allowed, refusal, onCancel }: CancelCardProps) {
  if (!allowed && !refusal) return null;
  return (
    <section className="card step-section order-page__card" aria-labelledby={`${ids}-cancel`}>
      <h2 id={`${ids}-cancel`} className="section-title">
        {text.cancelTitle}
      </h2>
      {allowed ? (
        <>
          <p className="section-intro">{text.cancelIntro}</p>
          <div className="order-page__actions">
            <Button variant="secondary" onClick={onCancel}>
              {text.cancel}
            </Button>
          </div>
        </>
      ) : (
        refusal && (
          <Alert tone="warning" live={false} className="order-page__alert">
            <p>{refusal}</p>
          </Alert>
        )
      )}
    </section>
  );
}
