import { availabilityHeading, isServiceable } from '@fibre/domain/address';
import { Modal } from '../../../shared/modal/modal.tsx';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { AvailableBody } from './available-body.tsx';
import { NotAvailableBody } from './not-available-body.tsx';

const Tick = () => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M20 6L9 17l-5-5" />
  </svg>
);

const Pin = () => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  >
    <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </svg>
);

/**
 * The address result (docs/rules/address-and-serviceability.md): serviceable statuses get the
 * available dialog ('Great News!' or 'Good News!'), anything else, a failed lookup too, 'We are
 * sorry!'.
 */
export function AvailabilityDialog({ returnFocus }: { returnFocus: () => void }) {
  const { address } = useWizard();
  const dispatch = useDispatch();
  const value = address.value;
  if (!value) return null;
  const available = isServiceable(value.status);
  const close = (open: boolean) => dispatch({ type: 'address/dialog', open });
  return (
    <Modal
      open={address.dialogOpen}
      onOpenChange={close}
      title={availabilityHeading(value)}
      tone={available ? 'success' : 'warning'}
      icon={available ? <Tick /> : <Pin />}
      // Submit was disabled while the lookup ran, so it cannot take focus back: the address can.
      returnFocus={returnFocus}
    >
      {available ? <AvailableBody address={value} /> : <NotAvailableBody address={value} />}
    </Modal>
  );
}
