import type { Plan } from '@fibre/domain/api';
import { messages } from '@fibre/domain/shared';
import { useMutation } from '@tanstack/react-query';
import type { Address } from '@fibre/domain/address';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useDispatch } from '../store/store-context.tsx';
import { checkCode } from './check-code.ts';

interface CartCheck {
  code: string;
  planIds: string[];
  address: Pick<Address, 'postcode' | 'suburb'>;
}

/**
 * Add to cart (docs/rules/plans-and-pricing.md): the order's coupon (the promo code, else the
 * campaign's) is validated for the chosen plan before `onValid` moves on. A refused code is
 * dropped and 'Coupon is invalid' shows (`refuse`); pressing again goes on without it.
 */
export function useCartCoupon(
  address: CartCheck['address'] | null,
  /** The order's coupon code, if any. */
  code: string | null,
  refuse: (message: string) => void,
) {
  const { domain } = useConfig();
  const dispatch = useDispatch();
  const cart = useMutation({
    mutationFn: (v: CartCheck) => checkCode(v.code, v.planIds, v.address, domain),
  });

  function confirmForPlan(chosen: Plan, onValid: () => void) {
    if (!address || cart.isPending) return;
    if (!code) {
      dispatch({ type: 'discount/coupon', coupon: null });
      onValid();
      return;
    }
    cart.mutate(
      { code, planIds: [chosen.id], address },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'invalid') {
            dispatch({ type: 'discount/coupon', coupon: null, refused: true });
            refuse(messages.couponInvalid);
            return;
          }
          dispatch({
            type: 'discount/coupon',
            coupon: answer.kind === 'coupon' ? answer.coupon : null,
          });
          onValid();
        },
      },
    );
  }

  return { confirmForPlan, confirming: cart.isPending };
}
