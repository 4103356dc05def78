import { canAddToCart } from '@fibre/domain/catalogue';
import type { OrderChoices } from '../../catalogue/use-order.ts';
import type { useOfferCode } from '../../offers/use-offer-code.ts';
import { useDispatch, useStepNavigation, useWizard } from '../../store/store-context.tsx';

/**
 * docs/rules/plans-and-pricing.md: Add to cart is enabled with a plan and a router. It records the
 * plan shown as selected (the default one too) as the visitor's choice, has the offer code hook
 * validate the order's coupon for it, then advances.
 */
export function useAddToCart(
  { plan, router }: Pick<OrderChoices, 'plan' | 'router'>,
  offers: Pick<ReturnType<typeof useOfferCode>, 'confirmForPlan' | 'confirming'>,
) {
  const state = useWizard();
  const dispatch = useDispatch();
  const { next } = useStepNavigation();
  const enabled = canAddToCart(plan, router);

  function addToCart() {
    if (!plan || !enabled || offers.confirming) return;
    if (state.plans.selectedId !== plan.id) dispatch({ type: 'plans/select', id: plan.id });
    offers.confirmForPlan(plan, next);
  }

  return { addToCart, enabled, busy: offers.confirming };
}
