import {
  campaignDiscount,
  couponOutcome,
  messages,
  resolveOfferConflict,
  type CouponOutcome,
} from '@fibre/domain';
import { useEffect, useRef, useState } from 'react';
import { useConfig } from '../../app/config/config-context.tsx';
import { offeredPlans } from '../../app/store/selectors.ts';
import { useDispatch, useLatestWizard, useWizard } from '../../app/store/store-context.tsx';
import { checkCode } from '../../app/offers/check-code.ts';

export type Conflict = Extract<CouponOutcome, { kind: 'conflict' }> & { code: string };

/**
 * The promo code a link brought (pc) is applied once the address, the plans and the building's
 * campaign are known: its rules need the postcode, suburb and plan ids, and it may conflict with
 * the campaign's offer, in which case the visitor chooses (docs/rules/offers-and-coupons.md:
 * 'Confirm Offer').
 */
export function usePromoCode() {
  const { domain } = useConfig();
  const state = useWizard();
  const latest = useLatestWizard();
  const dispatch = useDispatch();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const running = useRef(false);

  const code = state.discount.pendingCode;
  const address = state.address.value;
  const ready =
    code !== null &&
    address !== null &&
    state.plans.status === 'idle' &&
    state.plans.items.length > 0 &&
    state.campaign.status !== 'loading' &&
    state.campaign.fetchedFor === address.uniqueCode;

  useEffect(() => {
    if (!ready || !code || !address || running.current) return;
    running.current = true;
    dispatch({ type: 'discount/validating' });
    const planIds = offeredPlans(latest.current, domain).map((plan) => plan.id);
    void checkCode(code, planIds, address, domain)
      .then((check) => {
        if (check.kind === 'skip') {
          dispatch({ type: 'discount/applied', code: code.toUpperCase(), discount: null });
        } else if (check.kind === 'invalid') {
          dispatch({
            type: 'discount/refused',
            error: messages.couponInvalid,
            campaignCoupon: false,
          });
        } else {
          const outcome = couponOutcome(campaignDiscount(latest.current.campaign), check.coupon);
          if (outcome.kind === 'accepted') {
            dispatch({
              type: 'discount/applied',
              code: check.coupon.coupon_id,
              discount: outcome.discount,
            });
          } else if (outcome.kind === 'conflict') {
            setConflict({ ...outcome, code: check.coupon.coupon_id });
            dispatch({ type: 'discount/cleared' });
          }
        }
      })
      .finally(() => {
        running.current = false;
      });
  }, [ready, code, address, domain, dispatch, latest]);

  function choose(choice: 'current' | 'code') {
    if (!conflict) return;
    const { discount } = resolveOfferConflict(conflict, choice);
    if (choice === 'code') dispatch({ type: 'discount/applied', code: conflict.code, discount });
    else dispatch({ type: 'discount/cleared' });
    setConflict(null);
  }

  return { conflict, choose };
}
