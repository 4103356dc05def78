import { savedStep, type WizardStep } from '@fibre/domain/wizard';

/*
 * The steps as entries of the page's own history (docs/rules/wizard-flow.md, "Back and Forward"):
 * the URL never changes, each entry's state carries the step it showed and how many of the
 * wizard's entries lie behind it. The browser's Back and Forward then move between steps, and the
 * Go back button goes back through the same history, so the two never disagree.
 */

/** The key of the wizard's part of `history.state` (other scripts may keep their own beside it). */
export const HISTORY_KEY = 'fibreStep';

export interface StepEntry {
  step: WizardStep;
  /** How many of the wizard's entries lie behind this one: 0 for the first. */
  depth: number;
  /**
   * A Change link from Payment made this entry (docs/rules/wizard-flow.md, "Checking the answers"):
   * coming back to it by Back or Forward is that visit again, the hold kept.
   */
  changing?: true;
}

/** The wizard's entry in a history state, or null when the state is not the wizard's. */
export function stepEntry(state: unknown): StepEntry | null {
  if (!state || typeof state !== 'object') return null;
  const entry = (state as Record<string, unknown>)[HISTORY_KEY];
  if (!entry || typeof entry !== 'object') return null;
  const { depth, changing } = entry as Record<string, unknown>;
  // An entry a page on saved state version 2 wrote carries the step's number (domain
  // wizard/saved-steps.ts).
  const step = savedStep((entry as Record<string, unknown>).step);
  if (step === null || typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) {
    return null;
  }
  return changing === true ? { step, depth, changing } : { step, depth };
}

let backPending = false;
let backTimer: ReturnType<typeof setTimeout> | undefined;

/** A history move arrived: the Go back that asked for it is answered. */
export function historyMoved(): void {
  backPending = false;
  clearTimeout(backTimer);
}

/**
 * Go back through the page's history when the entry behind this one is the wizard's, so that
 * Forward can return; false when there is none (the caller then steps back in the store). A second
 * press before the first is answered (a double click) does nothing.
 */
export function backThroughHistory(): boolean {
  const entry = stepEntry(window.history.state);
  if (!entry || entry.depth === 0) return false;
  if (!backPending) {
    backPending = true;
    // A browser that never answers (no popstate) must not leave Go back dead.
    backTimer = setTimeout(historyMoved, 1000);
    window.history.back();
  }
  return true;
}
