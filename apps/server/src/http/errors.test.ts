import { describe, expect, it } from 'vitest';
import {
  answerRefusal,
  HttpError,
  Refusal,
  refusalAnswer,
  visitorAnswer,
  type RefusalKind,
} from './errors.ts';

describe("a service's typed refusal and the route's HTTP answer (docs/rules/api.md)", () => {
  it.each([
    ['invalid', 400],
    ['unauthorised', 401],
    ['declined', 402],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['unprocessable', 422],
    ['rate_limited', 429],
    ['upstream_failed', 502],
    ['unavailable', 503],
  ] as Array<[RefusalKind, number]>)('a %s refusal is answered %i', (kind, status) => {
    const refusal = new Refusal(kind, 'some_code', 'Some message', { field: 'Some message' });
    const answer = refusalAnswer(refusal);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer).toMatchObject({
      status,
      code: 'some_code',
      message: 'Some message',
      fields: { field: 'Some message' },
    });
  });

  it('keeps the cause, for the log of a 503', () => {
    const refusal = new Refusal('unavailable', 'billing_unavailable', 'Billing is unavailable');
    refusal.cause = new Error('socket hang up');
    expect(refusalAnswer(refusal).cause).toBe(refusal.cause);
  });

  it("a route's catch turns refusals into answers and lets anything else through", () => {
    const refusal = new Refusal('conflict', 'reservation_taken', 'reservation taken');
    expect(() => answerRefusal(refusal)).toThrow(HttpError);
    const other = new Error('boom');
    expect(() => answerRefusal(other)).toThrow(other);
  });

  it('metrics read an answer for the visitor from either kind', () => {
    expect(visitorAnswer(new Refusal('conflict', 'window_closed', 'closed'))).toEqual({
      status: 409,
      code: 'window_closed',
    });
    expect(visitorAnswer(new HttpError(402, 'payment_declined', 'declined'))).toEqual({
      status: 402,
      code: 'payment_declined',
    });
    expect(visitorAnswer(new Error('boom'))).toBeUndefined();
  });
});
