import { Modal } from '../../app/modal/modal.tsx';
import { Button } from '../../app/ui/button.tsx';
import type { Conflict } from './use-promo-code.ts';

interface Props {
  conflict: Conflict | null;
  onChoose: (choice: 'current' | 'code') => void;
}

/**
 * A code whose offer differs from the current one; the visitor keeps one of them
 * (docs/rules/offers-and-coupons.md).
 */
export function ConfirmOfferDialog({ conflict, onChoose }: Props) {
  return (
    <Modal
      open={conflict !== null}
      onOpenChange={(open) => !open && onChoose('current')}
      title="Confirm Offer"
      description="Only one offer can apply to your order. Which would you like?"
    >
      {conflict && (
        <div className="confirm-offer">
          <Button variant="secondary" block onClick={() => onChoose('current')}>
            Keep my current offer: {conflict.current.in_words}
          </Button>
          <Button block onClick={() => onChoose('code')}>
            Use {conflict.code}: {conflict.offered.in_words}
          </Button>
        </div>
      )}
    </Modal>
  );
}
