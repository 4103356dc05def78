import { isWizardStep, SAVED_STATE_VERSION, upgradeSavedState } from '@fibre/domain/wizard';
import { initialState, type WizardState } from './state.ts';

/*
 * The store survives a reload within the tab (sessionStorage), so reloading on any step returns to
 * it with the same choices. Card data never enters the store, so it is never written here.
 */

export const STORAGE_KEY = 'fibre-signup:wizard';
// 2: the catalogue, the building's campaign, the installation windows and the order's answer left
// the store for the query cache (issue 15); a version 1 save is dropped. 3: the step is saved by
// its id, not its number; a version 2 save is read through the domain's map of its numbers
// (wizard/saved-steps.ts, docs/rules/wizard-flow.md "Saved steps"), so a tab saved before resumes.
const VERSION = SAVED_STATE_VERSION;

type Areas = Omit<WizardState, 'step'>;
const areas = Object.keys(initialState).filter((key) => key !== 'step') as (keyof Areas)[];

export function serialise(state: WizardState): string {
  return JSON.stringify({ version: VERSION, state });
}

/** The saved state merged over the initial one, or null when nothing usable is saved. */
export function deserialise(text: string | null): WizardState | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { version?: unknown; state?: Partial<WizardState> };
    const saved =
      typeof parsed.version === 'number' && parsed.state && typeof parsed.state === 'object'
        ? upgradeSavedState({ version: parsed.version, state: parsed.state })
        : parsed;
    if (saved.version !== VERSION || !saved.state || !isWizardStep(saved.state.step)) return null;
    const restored = { ...initialState, step: saved.state.step } as WizardState;
    for (const key of areas) {
      const area = saved.state[key];
      if (area && typeof area === 'object') {
        (restored as unknown as Record<string, unknown>)[key] = { ...initialState[key], ...area };
      }
    }
    // A dialog is a moment, not a choice: a reload shows the step without it (Submit shows the
    // checked address's answer again).
    restored.address = { ...restored.address, dialogOpen: false };
    // The danger alert for a lost hold is a moment too (docs/rules/installation-and-holds.md).
    restored.reservations = { ...restored.reservations, lost: false };
    return restored;
  } catch {
    return null;
  }
}

export function loadState(storage: Storage | undefined = safeSession()): WizardState | null {
  try {
    return deserialise(storage?.getItem(STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

export function saveState(state: WizardState, storage: Storage | undefined = safeSession()): void {
  try {
    storage?.setItem(STORAGE_KEY, serialise(state));
  } catch {
    // Storage full or refused (private mode): the wizard still works, it just won't resume.
  }
}

function safeSession(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
