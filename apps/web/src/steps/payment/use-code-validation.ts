import {
  couponOutcome,
  normaliseCouponCode,
  resolveOfferConflict,
  type CouponOutcome,
  type OfferChoice,
} from '@fibre/domain';
import { useRef, useState } from 'react';
import { useConfig } from '../../app/config/config-context.tsx';
import { currentOffer } from '../../app/offers/current-offer.ts';
import { selectedPlan } from '../../app/store/selectors.ts';
import { useDispatch, useLatestWizard } from '../../app/store/store-context.tsx';
import { checkCode } from '../../app/offers/check-code.ts';

export type Conflict = Extract<CouponOutcome, { kind: 'conflict' }>;

export type CodeState =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'invalid' } | { kind: 'kept'; words: string };

/**
 * Validate (docs/rules/offers-and-coupons.md): the code is accepted and becomes the order's offer,
 * is invalid ('Coupon is invalid', with 'Try again'), or conflicts with the current offer, and
 * 'Confirm Offer' asks which to keep. The coupon is validated for the chosen plan, so it is the one
 * the order carries.
 */
export function useCodeValidation() {
  const { domain } = useConfig();
  const latest = useLatestWizard();
  const dispatch = useDispatch();
  const running = useRef(false);
  const [status, setStatus] = useState<CodeState>({ kind: 'idle' });
  const [conflict, setConflict] = useState<Conflict | null>(null);

  async function validate(code: string) {
    const state = latest.current;
    const plan = selectedPlan(state, domain);
    const address = state.address.value;
    if (running.current || !plan || !address) return;
    running.current = true;
    setStatus({ kind: 'checking' });
    try {
      const check = await checkCode(code, [plan.id], address, domain);
      if (check.kind === 'invalid') {
        setStatus({ kind: 'invalid' });
        return;
      }
      if (check.kind === 'skip') {
        dispatch({ type: 'discount/applied', code: normaliseCouponCode(code), discount: null });
        dispatch({ type: 'discount/coupon', coupon: null });
        setStatus({ kind: 'idle' });
        return;
      }
      const outcome = couponOutcome(currentOffer(latest.current).discount, check.coupon);
      if (outcome.kind === 'conflict') {
        setConflict(outcome);
        setStatus({ kind: 'idle' });
        return;
      }
      if (outcome.kind === 'accepted') {
        dispatch({
          type: 'discount/applied',
          code: check.coupon.coupon_id,
          discount: outcome.discount,
        });
        dispatch({ type: 'discount/coupon', coupon: check.coupon });
      }
      setStatus({ kind: 'idle' });
    } finally {
      running.current = false;
    }
  }

  function choose(choice: OfferChoice) {
    if (!conflict) return;
    const { discount, coupon } = resolveOfferConflict(conflict, choice);
    if (choice === 'code' && coupon) {
      dispatch({ type: 'discount/applied', code: coupon.coupon_id, discount });
      dispatch({ type: 'discount/coupon', coupon });
      setStatus({ kind: 'idle' });
    } else {
      // The current offer stays exactly as it is.
      setStatus({ kind: 'kept', words: discount.in_words });
    }
    setConflict(null);
  }

  return { status, conflict, validate, choose, reset: () => setStatus({ kind: 'idle' }) };
}
