/**
 * Whether the held window's one extension is spent (docs/rules/installation-and-holds.md,
 * Extending a hold): granted or refused, it is not offered again for that hold, after a reload
 * too. Kept for the tab (sessionStorage, as the hold session and the wizard's state are) for one
 * hold at a time, by its reservation id, so a new hold may be extended again. Here rather than in
 * the store so that it loads with the steps that show a hold, not with the address step.
 */
const KEY = 'fibre.hold-extension';

export type ExtensionOutcome = 'extended' | 'refused';

let fallback: { reservation_id: string; outcome: ExtensionOutcome } | null = null;

export function spentExtension(reservationId: string | null): ExtensionOutcome | null {
  if (reservationId === null) return null;
  let kept: typeof fallback;
  try {
    const text = window.sessionStorage.getItem(KEY);
    kept = text ? (JSON.parse(text) as typeof fallback) : null;
  } catch {
    // Storage refused (private mode) or unreadable: what this page remembers.
    kept = fallback;
  }
  return kept?.reservation_id === reservationId ? kept.outcome : null;
}

export function rememberExtension(reservationId: string, outcome: ExtensionOutcome): void {
  fallback = { reservation_id: reservationId, outcome };
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(fallback));
  } catch {
    // Storage refused: remembered for this page's life.
  }
}
