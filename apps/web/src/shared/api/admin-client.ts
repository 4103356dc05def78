import type { core } from 'zod/mini';
import { createClient, orThrow, type Method, type ReportFailure } from './http.ts';

/**
 * The console's calls through the one client (http.ts; docs/rules/operator-console.md):
 * same-origin relative URLs under /admin/api, every success answer parsed with its schema from
 * packages/domain/src/api/admin.ts. Every change carries the session's CSRF token in
 * X-CSRF-Token; a 401 on any call tells the console the session is over (back to sign-in). A
 * failure is thrown as an ApiError, as TanStack Query wants; its words are admin/messages.ts's.
 */

let csrfToken: string | null = null;
let onUnauthorized: () => void = () => {};

/** The token the session answer gave; sent with every change. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** What to do when any call answers 401: the console shows the sign-in screen. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

// The console logs only an answer not in its shape; the rest it shows (admin/messages.ts).
const report: ReportFailure = (failure, { method, path }) => {
  if (failure.kind === 'shape')
    console.error(
      `[console] ${method} ${path.replace(/\?.*/, '')} answered in an unexpected shape`,
    );
};

const client = createClient({ report });

export interface CallOptions {
  body?: unknown;
  /** A 401 here is an answer (signing in), not the end of a session. */
  quietUnauthorized?: boolean;
}

/** A console call: the answer's data (undefined for `schema` null), or a thrown ApiError. */
export async function call<S extends core.$ZodType>(
  method: Method,
  path: string,
  schema: S | null,
  { body, quietUnauthorized = false }: CallOptions = {},
): Promise<core.output<S>> {
  const headers: Record<string, string> = {};
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  return orThrow(
    client.request(method, path, schema, { body, headers }).then((result) => {
      if (!result.ok && result.status === 401 && !quietUnauthorized) onUnauthorized();
      return result;
    }),
  );
}
