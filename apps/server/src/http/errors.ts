import type { ZodError } from 'zod';

/**
 * An expected failure with its HTTP answer. Only route handlers throw these (services,
 * repositories and adapters throw or return a Refusal, below; lint keeps it so: eslint.config.js);
 * one handler (error-handler.ts) turns them into `{error, message, fields?}` (docs/rules/api.md).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);

/** The first message of each field, keyed by its dotted path. */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The 400 `invalid_input` refusal naming each bad field (a Refusal: parse() runs outside routes too). */
export function invalidInput(error: ZodError): Refusal {
  const fields = fieldMessages(error);
  const [key, first] = Object.entries(fields)[0] ?? ['_', 'Invalid input'];
  // The shared text rule's messages ('must be at most 200 characters') name no field: the answer's
  // message then starts with the field's name, as the input guard's does.
  const message = first.startsWith('must ') && key !== '_' ? `${key} ${first}` : first;
  return new Refusal('invalid', 'invalid_input', message, fields);
}

/**
 * What kind of "no" a service, a repository or an adapter gives, without HTTP: they decide, routes
 * and the error handler answer (docs/rules/api.md). Each kind has one HTTP status (refusalAnswer).
 */
export type RefusalKind =
  /** The request is malformed or names nothing that exists (400). */
  | 'invalid'
  /** Nobody is signed in (401). */
  | 'unauthorised'
  /** A payment was declined (402). */
  | 'declined'
  /** Signed in, but not allowed to do this (403). */
  | 'forbidden'
  /** What the request names is not there (404). */
  | 'not_found'
  /** The thing asked for is gone or taken: a booking expired, a window full (409). */
  | 'conflict'
  /** Well-formed, but it does not match what the server knows (422). */
  | 'unprocessable'
  /** Too many requests, or too many of something, from one client (429). */
  | 'rate_limited'
  /** An outside service (billing, scheduling) failed the step asked of it (502). */
  | 'upstream_failed'
  /** Not now: a service is unavailable, or the order is still being placed (503). */
  | 'unavailable';

const refusalStatus: Record<RefusalKind, number> = {
  invalid: 400,
  unauthorised: 401,
  declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/**
 * A typed refusal from a service, a repository, an adapter or a hook: its kind, a stable code, the
 * visitor's message and the fields it is about. Services hand it back in an Outcome where they
 * can; it is thrown where a transaction must roll back, through an adapter interface, or from a
 * request hook. A thrown one reaches the error handler, which answers it as refusalAnswer does.
 */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  /** The HTTP status the route answers this refusal with. */
  get status(): number {
    return refusalStatus[this.kind];
  }
}

/**
 * A refusal an adapter gives for what an outside service (billing, scheduling) said, or failed to
 * say: a declined card, billing or scheduling unavailable. An operator's audit names it by its code
 * and the service's own detail (orders/operator-actions.ts, failureText).
 */
export class ServiceRefusal extends Refusal {}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const accepted = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = <T = never>(refusal: Refusal): Outcome<T> => ({ ok: false, refusal });

/** The HTTP answer a route gives for a refusal: the same status, code, message and fields. */
export function refusalAnswer(refusal: Refusal): HttpError {
  const answer = new HttpError(refusal.status, refusal.code, refusal.message, refusal.fields);
  if (refusal.cause !== undefined) answer.cause = refusal.cause;
  // The log and the error report point at where the refusal was made, not at this line.
  answer.stack = refusal.stack;
  return answer;
}

/** For a route's `.catch`: a refusal becomes its HTTP answer; anything else goes on as it was. */
export function answerRefusal(error: unknown): never {
  throw error instanceof Refusal ? refusalAnswer(error) : error;
}

/** The status and code of an answer for the visitor (an HttpError or a Refusal), else undefined. */
export function visitorAnswer(error: unknown): { status: number; code: string } | undefined {
  return error instanceof HttpError || error instanceof Refusal
    ? { status: error.status, code: error.code }
    : undefined;
}
