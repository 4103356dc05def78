import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import type { DomainConfig } from '../shared/config.ts';
import { defaultDomainConfig } from '../shared/config.ts';
import type { Coupon } from './offers.ts';
import type { couponAnswer } from './index.ts';
import { domainConfigAnswer, errorAnswer } from './index.ts';

describe('the answer schemas (docs/decisions/013-one-schema-per-message.md)', () => {
  it('read a DomainConfig as the domain declares it, and the other way round', () => {
    expectTypeOf<z.infer<typeof domainConfigAnswer>>().toEqualTypeOf<DomainConfig>();
    expect(z.safeParse(domainConfigAnswer, defaultDomainConfig).success).toBe(true);
  });

  it('read a coupon as the domain declares it', () => {
    expectTypeOf<z.infer<typeof couponAnswer>>().toEqualTypeOf<Coupon>();
  });

  it('read the error shape with its fields, and keep what an error adds', () => {
    const answer = {
      error: 'not_found',
      message: 'resource not found',
      status: 'resource not found',
    };
    expect(z.parse(errorAnswer, answer)).toEqual(answer);
    expect(z.safeParse(errorAnswer, { error: 'x' }).success).toBe(false);
  });
});
