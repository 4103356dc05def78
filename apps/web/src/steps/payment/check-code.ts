import {
  couponRequest,
  couponValidationResult,
  precheckCoupon,
  type Address,
  type Coupon,
  type DomainConfig,
} from '@fibre/domain';
import { validateCoupon } from '../../app/api/endpoints.ts';

export type CodeCheck = { kind: 'skip' } | { kind: 'invalid' } | { kind: 'coupon'; coupon: Coupon };

/**
 * A code checked as SPEC.md 5 says: the domain's precheck first (a rejected code or SUMMER20 away
 * from Southbank is invalid without a call; SOMETHING12321 skips validation), then the coupon call,
 * where only a 202 with a coupon counts. (Step 2 checks its codes the same way; steps do not
 * import each other.)
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
