import { describe, expect, it } from 'vitest';
import { clientKey } from './in-flight.ts';

describe('clientKey', () => {
  // As the rate limits count (docs/decisions/010-limits.md): one host cannot rotate within its /64.
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::'],
    ['2001:db8:1:3::1', '2001:db8:1:3::'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
