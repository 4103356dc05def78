import { errorAnswer } from '@fibre/domain';
import { null as nullSchema, safeParse, type core } from 'zod/mini';
import { logError } from './log.ts';

/**
 * The one HTTP client (docs/rules/api.md): same-origin relative URLs, JSON both ways. It never
 * throws: an error answer comes back as a value, so each caller decides what the status means (a
 * 404 is often an answer, such as 'no campaign'), and every error other than a 404 is logged.
 * Every success answer is parsed with its schema from packages/domain/src/api, never cast: an answer
 * that does not match is a failed result, logged (docs/decisions/013-one-schema-per-message.md).
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      data: unknown;
      message: string;
      /** A bad-input answer's fields (each field's first message), parsed like any answer. */
      fields: Record<string, string>;
      aborted: boolean;
    };

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as the install call's Idempotency-Key. */
  headers?: Record<string, string>;
}

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

/** An error answer's message and fields, or the fallback when it is not in the error shape. */
function errorOf(data: unknown, fallback: string) {
  const parsed = safeParse(errorAnswer, data);
  return parsed.success
    ? { message: parsed.data.message, fields: parsed.data.fields ?? {} }
    : { message: fallback, fields: {} };
}

/** A call's options: a call's body is its own argument. */
export type Options = Omit<RequestOptions, 'body'>;

/** An answer without a body (204) reads as null. */
export const noBody = nullSchema();

export async function request<S extends core.$ZodType>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  schema: S,
  { body, signal, headers: extra }: RequestOptions = {},
): Promise<ApiResult<core.output<S>>> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
    const data = await readBody(response);
    if (response.ok) {
      const parsed = safeParse(schema, data);
      if (parsed.success) return { ok: true, status: response.status, data: parsed.data };
      logError(`${method} ${path} answered ${response.status} in an unexpected shape`, {
        issues: parsed.error.issues,
      });
      return {
        ok: false,
        status: response.status,
        data,
        message: 'The answer was not in the expected shape',
        fields: {},
        aborted: false,
      };
    }
    const { message, fields } = errorOf(data, response.statusText || `HTTP ${response.status}`);
    if (response.status !== 404) logError(`${method} ${path} answered ${response.status}`, data);
    return { ok: false, status: response.status, data, message, fields, aborted: false };
  } catch (error) {
    const aborted = signal?.aborted ?? false;
    if (!aborted) logError(`${method} ${path} failed`, error);
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 0, data: null, message, fields: {}, aborted };
  }
}

export const get = <S extends core.$ZodType>(path: string, schema: S, options?: RequestOptions) =>
  request('GET', path, schema, options);
export const post = <S extends core.$ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options?: Omit<RequestOptions, 'body'>,
) => request('POST', path, schema, { ...options, body });
export const del = <S extends core.$ZodType>(path: string, schema: S, options?: RequestOptions) =>
  request('DELETE', path, schema, options);
