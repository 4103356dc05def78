import { describe, expect, it } from 'vitest';
import { vaultUnreachable } from './card-fields.ts';

// docs/rules/contact-and-connection.md#payment-step-6: a vault that cannot be reached is not a bad
// card; only its refusal is the card error.
describe('vaultUnreachable', () => {
  it.each([
    [{ ok: false, status: 0 }, true],
    [{ ok: false, status: 500 }, true],
    [{ ok: false, status: 503 }, true],
    [{ ok: false, status: 422 }, false],
    [{ ok: false, status: 400 }, false],
    [{ ok: false, status: 429 }, false],
    [{ ok: true, status: 201 }, false],
  ])('%j: %s', (answer, unreachable) => {
    expect(vaultUnreachable(answer)).toBe(unreachable);
  });
});
