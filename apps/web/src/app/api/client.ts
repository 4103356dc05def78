import { logError } from './log.ts';

/**
 * The one HTTP client (docs/rules/api.md): same-origin relative URLs, JSON both ways. It never
 * throws: an error answer comes back as a value, so each caller decides what the status means (a
 * 404 is often an answer, such as 'no campaign'), and every error other than a 404 is logged.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; data: unknown; message: string; aborted: boolean };

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
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(data: unknown, fallback: string): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return fallback;
}

export async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  { body, signal, headers: extra }: RequestOptions = {},
): Promise<ApiResult<T>> {
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
    if (response.ok) return { ok: true, status: response.status, data: data as T };
    const message = messageOf(data, response.statusText || `HTTP ${response.status}`);
    if (response.status !== 404) logError(`${method} ${path} answered ${response.status}`, data);
    return { ok: false, status: response.status, data, message, aborted: false };
  } catch (error) {
    const aborted = signal?.aborted ?? false;
    if (!aborted) logError(`${method} ${path} failed`, error);
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 0, data: null, message, aborted };
  }
}

export const get = <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options);
export const post = <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
  request<T>('POST', path, { ...options, body });
export const del = <T>(path: string, options?: RequestOptions) =>
  request<T>('DELETE', path, options);
