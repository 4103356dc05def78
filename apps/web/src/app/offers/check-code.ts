import {
  couponRequest,
  couponValidationResult,
  precheckCoupon,
  type Address,
  type Coupon,
  type DomainConfig,
} from '@fibre/domain';
import { validateCoupon } from '../api/endpoints.ts';

export type CodeCheck = { kind: 'skip' } | { kind: 'invalid' } | { kind: 'coupon'; coupon: Coupon };

/**
 * A code checked as docs/rules/offers-and-coupons.md says: the domain's precheck first (rejected
 * codes and SUMMER20 away from Southbank need no call; SOMETHING12321 skips validation), then the
 * coupon call, where only a 202 with a coupon counts.
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
  if (precheck !== 'call') return { kind: 'invalid' };
  const answer = await validateCoupon(domain.provider, {
    ...couponRequest(code, planIds),
    postcode: address.postcode,
    suburb: address.suburb,
  });
  const coupon = couponValidationResult(answer.status, answer.data);
  return coupon ? { kind: 'coupon', coupon } : { kind: 'invalid' };
}
