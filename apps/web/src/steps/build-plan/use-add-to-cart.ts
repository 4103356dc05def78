import { canAddToCart, messages } from '@fibre/domain';
import { useRef, useState } from 'react';
import { useConfig } from '../../app/config/config-context.tsx';
import { currentOffer } from '../../app/offers/current-offer.ts';
import { selectedPlan, selectedRouter } from '../../app/store/selectors.ts';
import {
  useDispatch,
  useLatestWizard,
  useStepNavigation,
  useWizard,
} from '../../app/store/store-context.tsx';
import { checkCode } from '../../app/offers/check-code.ts';

/**
 * docs/rules/plans-and-pricing.md: Add to cart is enabled with a plan and a router; it first
 * validates the order's coupon (the promo code, else the campaign's) for the chosen plan, then
 * advances. A refused code is dropped and 'Coupon is invalid' shows; pressing again goes on without
 * it.
 */
export function useAddToCart() {
  const { domain } = useConfig();
  const state = useWizard();
  const latest = useLatestWizard();
  const dispatch = useDispatch();
  const { next } = useStepNavigation();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const enabled = canAddToCart(selectedPlan(state, domain), selectedRouter(state));

  async function addToCart() {
    const now = latest.current;
    const plan = selectedPlan(now, domain);
    const address = now.address.value;
    if (running.current || !plan || !address || !enabled) return;
    const offer = currentOffer(now);
    if (!offer.couponCode) {
      dispatch({ type: 'discount/coupon', coupon: null });
      next();
      return;
    }
    running.current = true;
    setBusy(true);
    try {
      const check = await checkCode(offer.couponCode, [plan.id], address, domain);
      if (check.kind === 'invalid') {
        dispatch({
          type: 'discount/refused',
          error: messages.couponInvalid,
          campaignCoupon: offer.source !== 'promo',
        });
        return;
      }
      dispatch({ type: 'discount/coupon', coupon: check.kind === 'coupon' ? check.coupon : null });
      next();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { addToCart, enabled, busy };
}
