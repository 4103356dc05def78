import { vi } from 'vitest';

/** One request the page sent, answered when the test says so. */
export interface PendingCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  /** Answers with a JSON body (none for 204). */
  respond: (status: number, data?: unknown) => void;
  answered: boolean;
}

const couponIdOf = (body: unknown) =>
  body && typeof body === 'object' && 'coupon_id' in body ? String(body.coupon_id) : '';

/**
 * A fetch stand-in whose answers are controlled promises: every call waits until the test answers
 * it, in any order, so late answers can be staged. An aborted call rejects as fetch does.
 */
export function fakeServer() {
  const calls: PendingCall[] = [];
  const fetch = vi.fn(
    (input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((resolve, reject) => {
        const headers = new Headers(init.headers);
        const call: PendingCall = {
          method: init.method ?? 'GET',
          url: new URL(String(input), 'http://localhost'),
          headers: Object.fromEntries(headers.entries()),
          body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
          answered: false,
          respond: (status, data) => {
            call.answered = true;
            const text = data === undefined ? null : JSON.stringify(data);
            resolve(new Response(text, { status }));
          },
        };
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
        calls.push(call);
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const matching = (method: string, path: RegExp) =>
    calls.filter((c) => c.method === method && path.test(c.url.pathname));
  return {
    calls,
    matching,
    /** The bookings calls whose window starts in `month` ('YYYY-MM'). */
    bookings: (month: string) =>
      matching('GET', /\/bookings\//).filter((c) =>
        c.url.searchParams.get('from')?.startsWith(month),
      ),
    /** The hold requests (POST reservations), in the order sent. */
    holds: () => matching('POST', /\/reservations$/),
    releases: () => matching('DELETE', /\/reservations\//),
    /** The coupon checks (POST coupon), in the order sent. */
    coupons: () => matching('POST', /\/coupon$/),
    /** The codes the coupon checks asked about, in the order sent. */
    couponCodes: () => matching('POST', /\/coupon$/).map((c) => couponIdOf(c.body)),
  };
}
