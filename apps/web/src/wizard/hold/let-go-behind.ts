import { useEffect } from 'react';
import { useConfig } from '../../shared/config/config-context.tsx';
import { holdBehind } from '../store/hold-behind.ts';
import { useDispatch, useWizard } from '../store/store-context.tsx';

/**
 * Going back past Installation lets the hold go (docs/rules/installation-and-holds.md): the window
 * is free for others, and the visitor chooses again when they come back. This covers a hold whose
 * answer arrives after the visitor left, and one restored by a reload on an earlier step. A booked
 * hold is the order's and stays, and so does one a Change link from Payment left behind: that visit
 * returns to Payment.
 */
export function useHoldLetGoBehind(): void {
  const state = useWizard();
  const dispatch = useDispatch();
  const { site } = useConfig();
  // A Change link from Payment's check-your-answers keeps it (docs/rules/wizard-flow.md).
  const behind = holdBehind(state) ? state.reservations.reservation : null;
  const behindId = behind?.reservation_id ?? null;
  useEffect(() => {
    if (behindId === null) return;
    // Loaded only when needed: the address step's bundle carries no API schemas.
    void import('../../shared/api/scheduling.ts').then(({ releaseReservation }) =>
      releaseReservation(site.provider, behindId),
    );
    dispatch({ type: 'reservations/changed', change: { to: 'released' } });
  }, [behindId, site.provider, dispatch]);
}

/**
 * The hook as a component, which the shell loads only when a hold is behind the visitor
 * (shell/step-history.tsx): the address step's bundle does not carry it.
 */
export function HoldLetGoBehind(): null {
  useHoldLetGoBehind();
  return null;
}
