import { describe, expect, it } from 'vitest';
import {
  finaleErrorCleared,
  finaleFailed,
  finaleFromInstallAnswer,
  finaleSucceeded,
  initialFinale,
  isBookingExpiredError,
  parseInstallError,
} from './install-error.ts';

const expired = 'We are sorry but your booking is expired, please book a new time.';
const fallback = 'Something went wrong';

describe('parseInstallError: docs/rules/orders.md "Install answer with status above 299"', () => {
  it.each([
    [200, { success: true }],
    [201, { success: true, order_id: 'o-1' }],
    [299, { error: '{"message":"ignored"}' }],
  ])('%s is not an error', (status, data) => {
    expect(parseInstallError(status, data)).toBeNull();
  });

  it.each([
    [409, { error: '{"message":"reservation gone"}' }],
    [409, undefined],
    [409, 'Conflict'],
  ])('409 is "%s" whatever the data', (status, data) => {
    expect(parseInstallError(status, data)).toBe(expired);
  });

  it.each([
    [
      'a JSON message',
      300,
      { error: '{"message":"Card declined: insufficient funds"}' },
      'Card declined: insufficient funds',
    ],
    [
      'a JSON error when there is no message',
      402,
      { error: '{"error":"insufficient funds"}' },
      'insufficient funds',
    ],
    ['message before error', 422, { error: '{"message":"first","error":"second"}' }, 'first'],
    ['a JSON string', 400, { error: '"plan is not offered here"' }, 'plan is not offered here'],
    ['an empty message, then error', 400, { error: '{"message":"","error":"second"}' }, 'second'],
    ['text that is not JSON', 500, { error: 'billing_failed' }, fallback],
    ['JSON without a message', 500, { error: '{"code":42}' }, fallback],
    ['a message that is not text', 500, { error: '{"message":42}' }, fallback],
    ['JSON null', 500, { error: 'null' }, fallback],
    ['an error field that is an object', 500, { error: { message: 'not JSON text' } }, fallback],
    ['no error field, a message', 503, { message: 'Service Unavailable' }, 'Service Unavailable'],
    [
      "our API's {error: CODE, message}",
      402,
      { error: 'payment_declined', message: 'Your card was declined: insufficient funds.' },
      'Your card was declined: insufficient funds.',
    ],
    ['a code and an empty message', 500, { error: 'internal', message: '' }, fallback],
    ['no data', 502, undefined, fallback],
    ['data that is text', 500, 'Bad Gateway', fallback],
  ])('%s: %s %j -> %s', (_, status, data, text) => {
    expect(parseInstallError(status, data)).toBe(text);
  });
});

describe('isBookingExpiredError: docs/rules/orders.md "If the error contains \'booking is expired\'"', () => {
  it.each([
    [expired, true],
    ['booking is expired', true],
    ['Your booking is expired.', true],
    ['Something went wrong', false],
    ['Booking is expired', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (err, yes) => {
    expect(isBookingExpiredError(err)).toBe(yes);
  });

  it('recognises what parseInstallError gives for 409', () => {
    expect(isBookingExpiredError(parseInstallError(409, {}))).toBe(true);
  });
});

describe('finale area: docs/rules/orders.md', () => {
  it('starts with no result', () => {
    expect(initialFinale).toEqual({ success: false, err: null });
  });

  it('"A successful booking sets success true and clears err"', () => {
    expect(finaleSucceeded()).toEqual({ success: true, err: null });
  });

  it.each([
    ['card declined', 'card declined'],
    [expired, expired],
    [null, fallback],
    [undefined, fallback],
    ['', fallback],
  ])(
    '"A failed booking sets success false and sets err to the parsed message, or \'Something went wrong\'": %j',
    (message, err) => {
      expect(finaleFailed(message)).toEqual({ success: false, err });
    },
  );

  it.each([
    [
      { success: false, err: 'card declined' },
      { success: false, err: null },
    ],
    [
      { success: true, err: null },
      { success: true, err: null },
    ],
  ])('"The error can be cleared": %j', (state, cleared) => {
    expect(finaleErrorCleared(state)).toEqual(cleared);
  });

  it.each([
    [201, { success: true, order_id: 'o-1' }, { success: true, err: null }],
    [409, {}, { success: false, err: expired }],
    [
      402,
      { error: '{"message":"insufficient funds"}' },
      { success: false, err: 'insufficient funds' },
    ],
    [500, { error: 'internal' }, { success: false, err: fallback }],
  ])('an install answer %s %j -> %j', (status, data, finale) => {
    expect(finaleFromInstallAnswer(status, data)).toEqual(finale);
  });
});
