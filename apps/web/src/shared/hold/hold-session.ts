/**
 * The wizard's hold session: a random id kept for the tab (sessionStorage, as the wizard's own
 * state is), sent with every hold and release as X-Hold-Session. The server lets one session hold
 * one window at a time, and only that session release it (docs/decisions/010-limits.md).
 */
const KEY = 'fibre.hold-session';

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
