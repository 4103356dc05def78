import type { Address } from '@fibre/domain/address';
import type { Coupon } from '@fibre/domain/api';
import { couponRequest, couponValidationResult, precheckCoupon } from '@fibre/domain/offers';
import type { DomainConfig } from '@fibre/domain/shared';
import { validateCoupon } from '../../shared/api/offers.ts';

export type CodeCheck = { kind: 'skip' } | { kind: 'invalid' } | { kind: 'coupon'; coupon: Coupon };

/**
 * A code checked as docs/rules/offers-and-coupons.md says: the domain's precheck first (a rejected
 * or empty code needs no call; SOMETHING12321 skips validation), then the coupon call, where only
 * a 202 with a coupon counts. Where a code may be used (SUMMER20 at 3006 Southbank) is the
 * server's to decide from its coupon rows: the call sends the address's postcode and suburb.
 */
export async function checkCode(
  code: string,
  planIds: string[],
  address: Pick<Address, 'postcode' | 'suburb'>,
  domain: DomainConfig,
): Promise<CodeCheck> {
  const precheck = precheckCoupon(code, {
    config: domain,
    postcode: address.postcode,
    suburb: address.suburb,
  });
  if (precheck === 'skip') return { kind: 'skip' };
  if (precheck === 'reject') return { kind: 'invalid' };
  const answer = await validateCoupon(domain.provider, {
    ...couponRequest(code, planIds),
    postcode: address.postcode,
    suburb: address.suburb,
  });
  const coupon = couponValidationResult(answer.status, answer.data);
  return coupon ? { kind: 'coupon', coupon } : { kind: 'invalid' };
}
