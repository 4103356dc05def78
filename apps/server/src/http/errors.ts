import type { ZodError } from 'zod';

/**
 * An expected failure with its HTTP answer. Routes and repositories throw these; one handler in
 * app.ts turns them into `{error, message, fields?}` (docs/rules/api.md).
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

export function invalidInput(error: ZodError): HttpError {
  const fields = fieldMessages(error);
  const [key, first] = Object.entries(fields)[0] ?? ['_', 'Invalid input'];
  // The shared text rule's messages ('must be at most 200 characters') name no field: the answer's
  // message then starts with the field's name, as the input guard's does.
  const message = first.startsWith('must ') && key !== '_' ? `${key} ${first}` : first;
  return new HttpError(400, 'invalid_input', message, fields);
}

/**
 * What kind of "no" a service gives, without HTTP: orders/ and scheduling/ decide, routes answer
 * (docs/rules/api.md). Each kind has one HTTP status (refusalAnswer).
 */
export type RefusalKind =
  /** The request is malformed or names nothing that exists (400). */
  | 'invalid'
  /** The thing asked for is gone or taken: a booking expired, a window full (409). */
  | 'conflict'
  /** Well-formed, but it does not match what the server knows (422). */
  | 'unprocessable'
  /** Not now: a service is unavailable, or the order is still being placed (503). */
  | 'unavailable';

const refusalStatus: Record<RefusalKind, number> = {
  invalid: 400,
  conflict: 409,
  unprocessable: 422,
  unavailable: 503,
};

/**
 * A typed refusal from a service (orders/, scheduling/): its kind, a stable code, the visitor's
 * message and the fields it is about. Thrown only where a transaction must roll back or through
 * an adapter interface; services hand it back in an Outcome.
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

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const accepted = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = <T = never>(refusal: Refusal): Outcome<T> => ({ ok: false, refusal });

/** The HTTP answer a route gives for a refusal: the same status, code, message and fields. */
export function refusalAnswer(refusal: Refusal): HttpError {
  const answer = new HttpError(refusal.status, refusal.code, refusal.message, refusal.fields);
  if (refusal.cause !== undefined) answer.cause = refusal.cause;
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
