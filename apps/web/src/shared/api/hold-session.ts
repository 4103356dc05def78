/**
 * The wizard's hold session: a random id kept for the tab (sessionStorage, as the wizard's own
 * state is), sent with every hold and release as X-Hold-Session. The server lets one session hold
 * one window at a time, and only that session release it (docs/decisions/010-limits.md).
 */
/** Also written by the finish-later link's page (resume/main.ts) when the hold is given back. */
export const HOLD_SESSION_KEY = 'fibre.hold-session';
const KEY = HOLD_SESSION_KEY;

let fallback: string | null = null;

export function holdSession(): string {
  try {
    const kept = window.sessionStorage.getItem(KEY);
    if (kept) return kept;
    const id = crypto.randomUUID();
    window.sessionStorage.setItem(KEY, id);
    return id;
  } catch {
    // Storage refused (private mode): one id for this page's life.
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}

export const holdSessionHeader = (): Record<string, string> => ({
  'X-Hold-Session': holdSession(),
});
