import type { OfferChoice } from '@fibre/domain';
import { Modal } from '../../app/modal/modal.tsx';
import { Button } from '../../app/ui/button.tsx';
import { text } from './text.ts';
import type { Conflict } from './use-code-validation.ts';

interface Props {
  conflict: Conflict | null;
  onChoose: (choice: OfferChoice) => void;
}

/**
 * The code's offer differs from the current one; the visitor keeps one of them
 * (docs/rules/offers-and-coupons.md).
 */
export function ConfirmOfferDialog({ conflict, onChoose }: Props) {
  return (
    <Modal
      open={conflict !== null}
      onOpenChange={(open) => !open && onChoose('current')}
      title={text.confirmOffer}
      description={text.confirmOfferIntro}
    >
      {conflict && (
        <div className="confirm-offer">
          <Button variant="secondary" block onClick={() => onChoose('current')}>
            {text.keepCurrent(conflict.current.in_words)}
          </Button>
          <Button block onClick={() => onChoose('code')}>
            {text.useCode(conflict.coupon.coupon_id, conflict.offered.in_words)}
          </Button>
        </div>
      )}
    </Modal>
  );
}
