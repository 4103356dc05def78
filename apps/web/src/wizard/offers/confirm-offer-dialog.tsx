import type { OfferChoice } from '@fibre/domain/offers';
import { Modal } from '../../shared/modal/modal.tsx';
import { Button } from '../../shared/ui/button.tsx';
import './confirm-offer-dialog.css';
import { text } from './text.ts';
import type { Conflict } from './use-offer-code.ts';

interface Props {
  conflict: Conflict | null;
  onChoose: (choice: OfferChoice) => void;
}

/**
 * 'Confirm Offer': the code's offer differs from the current one, and only one can apply; the
 * visitor keeps one of them (docs/rules/offers-and-coupons.md). Closing it keeps the current offer.
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
