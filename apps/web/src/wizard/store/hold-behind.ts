import { isBefore } from '@fibre/domain/wizard';
import type { WizardState } from './state.ts';

/**
 * The hold is let go behind the visitor (docs/rules/installation-and-holds.md): on a step before
 * Installation, not booked, unless a Change link from Payment brought them there
 * (docs/rules/wizard-flow.md, "Checking the answers"). Its own module: only the shell's history
 * and the hold's letting go (both loaded later) use it, not the first screen.
 */
export function holdBehind(state: WizardState): boolean {
  return (
    isBefore(state.step, 'installation') &&
    !state.reservations.booked &&
    !state.review.changing &&
    state.reservations.reservation !== null
  );
}
