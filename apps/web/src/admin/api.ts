import { errorAnswer } from '@fibre/domain';
import { safeParse, type core } from 'zod/mini';

/**
 * The console's HTTP client (docs/rules/operator-console.md): same-origin relative URLs under
 * /admin/api, JSON both ways, every success answer parsed with its schema from
 * packages/domain/src/api/admin.ts. Every change carries the session's CSRF token in
 * X-CSRF-Token; a 401 on any call tells the console the session is over (back to sign-in).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly fields: Record<string, string> = {},
    /** The whole error answer, for what it says beyond its message (a sign-in's `retryAt`). */
    readonly answer: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface CallOptions {
  body?: unknown;
  /** A 401 here is an answer (signing in), not the end of a session. */
  quietUnauthorized?: boolean;
}

export async function call<S extends core.$ZodType>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  schema: S | null,
  { body, quietUnauthorized = false }: CallOptions = {},
): Promise<core.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      0,
      'The server could not be reached. Check the connection and try again.',
      undefined,
    );
  }
  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && !quietUnauthorized) onUnauthorized();
    const parsed = safeParse(errorAnswer, data);
    throw parsed.success
      ? new ApiError(
          response.status,
          parsed.data.message,
          parsed.data.error,
          parsed.data.fields ?? {},
          parsed.data,
        )
      : new ApiError(response.status, response.statusText || `HTTP ${response.status}`, undefined);
  }
  if (schema === null) return undefined as core.output<S>;
  const parsed = safeParse(schema, data);
  if (!parsed.success) {
    console.error(
      `[console] ${method} ${path.replace(/\?.*/, '')} answered in an unexpected shape`,
    );
    throw new ApiError(response.status, 'The answer was not in the expected shape.', undefined);
  }
  return parsed.data;
}

/** The message to show for a failed call. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}
