import { errorAnswer } from '@fibre/domain/api';
import { null as nullSchema, safeParse, type core } from 'zod/mini';

/**
 * The one HTTP client of the wizard, the order page and the console (docs/rules/api.md):
 * same-origin relative URLs, JSON both ways. It never throws: an error answer comes back as a
 * value, so each caller decides what the status means (a 404 is often an answer, such as 'no
 * campaign'). Every success answer is parsed with its schema from packages/domain/src/api, never
 * cast: an answer that does not match is a failed result (docs/decisions/013-one-schema-per-message.md).
 * Each page makes its client with createClient, saying how it reports a failure (client.ts: the
 * wizard's and the order page's; admin-client.ts: the console's); where TanStack Query wants a
 * throw, orThrow turns a failure into an ApiError. The words a failure shows are each app's, in
 * one place: the console's admin/messages.ts, the order page's order-page/messages.ts, the
 * wizard's messages.ts here.
 */

/** Why a call failed: the server answered an error, no answer came, or a success answer did not match. */
export type FailureKind = 'answer' | 'unreachable' | 'shape';

export interface ApiFailure {
  ok: false;
  kind: FailureKind;
  /** The answer's status; 0 when no answer came. */
  status: number;
  /** The error answer's `error` (such as 'reservation_taken'), when it is in the error shape. */
  code: string | undefined;
  data: unknown;
  /**
   * The error answer's message (its status text when not in the error shape); for no answer, the
   * fetch's error; for an answer not in its shape, 'The answer was not in the expected shape'.
   */
  message: string;
  /** A bad-input answer's fields (each field's first message), parsed like any answer. */
  fields: Record<string, string>;
  aborted: boolean;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as the install call's Idempotency-Key. */
  headers?: Record<string, string>;
}

/** A call's options: a call's body is its own argument. */
export type Options = Omit<RequestOptions, 'body'>;

export type Method = 'GET' | 'POST' | 'DELETE';

/** What a page does with a failed call, besides answering it: log it, report it. */
export type ReportFailure = (
  failure: ApiFailure,
  call: { method: Method; path: string },
  /** The schema's issues for an answer not in its shape; the thrown error when no answer came. */
  detail: unknown,
) => void;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}

/** An answer without a body (204) reads as null. */
export const noBody = nullSchema();

export function createClient({ report }: { report: ReportFailure }) {
  /** `schema` null: the answer's body is neither read for a value nor checked (the data is undefined). */
  async function request<S extends core.$ZodType>(
    method: Method,
    path: string,
    schema: S | null,
    { body, signal, headers: extra }: RequestOptions = {},
  ): Promise<ApiResult<core.output<S>>> {
    const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const call = { method, path };
    const fail = (failure: Omit<ApiFailure, 'ok'>, detail?: unknown): ApiFailure => {
      const failed: ApiFailure = { ok: false, ...failure };
      report(failed, call, detail);
      return failed;
    };
    let response: Response;
    let data: unknown;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
      data = await readBody(response);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail(
        {
          kind: 'unreachable',
          status: 0,
          code: undefined,
          data: null,
          message,
          fields: {},
          aborted: signal?.aborted ?? false,
        },
        error,
      );
    }
    if (response.ok) {
      if (schema === null)
        return { ok: true, status: response.status, data: undefined as core.output<S> };
      const parsed = safeParse(schema, data);
      if (parsed.success) return { ok: true, status: response.status, data: parsed.data };
      return fail(
        {
          kind: 'shape',
          status: response.status,
          code: undefined,
          data,
          message: 'The answer was not in the expected shape',
          fields: {},
          aborted: false,
        },
        { issues: parsed.error.issues },
      );
    }
    const parsed = safeParse(errorAnswer, data);
    return fail({
      kind: 'answer',
      status: response.status,
      data,
      ...(parsed.success
        ? {
            code: parsed.data.error,
            message: parsed.data.message,
            fields: parsed.data.fields ?? {},
          }
        : {
            code: undefined,
            message: response.statusText || `HTTP ${response.status}`,
            fields: {},
          }),
      aborted: false,
    });
  }

  return {
    request,
    get: <S extends core.$ZodType>(path: string, schema: S, options?: RequestOptions) =>
      request('GET', path, schema, options),
    post: <S extends core.$ZodType>(path: string, body: unknown, schema: S, options?: Options) =>
      request('POST', path, schema, { ...options, body }),
    del: <S extends core.$ZodType>(path: string, schema: S, options?: RequestOptions) =>
      request('DELETE', path, schema, options),
  };
}

/** A failed call, thrown where TanStack Query (or an awaiting caller) wants a throw. */
export class ApiError extends Error {
  readonly kind: FailureKind;
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  /** The whole error answer, for what it says beyond its message (a sign-in's `retryAt`). */
  readonly answer: Record<string, unknown>;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.status = failure.status;
    this.code = failure.code;
    this.fields = failure.fields;
    const answer = failure.kind === 'answer' ? safeParse(errorAnswer, failure.data) : null;
    this.answer = answer?.success ? answer.data : {};
  }
}

/** The answer's data, or the failure thrown as an ApiError. */
export async function orThrow<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new ApiError(settled);
  return settled.data;
}
