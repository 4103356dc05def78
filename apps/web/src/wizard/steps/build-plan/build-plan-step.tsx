import { buildingVariant } from '@fibre/domain/address';
import type { Router } from '@fibre/domain/api';
import { isBringYourOwn } from '@fibre/domain/catalogue';
import { useState } from 'react';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useOrder } from '../../catalogue/use-order.ts';
import { ConfirmOfferDialog } from '../../offers/confirm-offer-dialog.tsx';
import { useOfferCode } from '../../offers/use-offer-code.ts';
import { OrderSummary } from '../../order-summary/order-summary.tsx';
import { StepHeading } from '../../../shared/layout/step-focus.tsx';
import { offeredPlans, shownPlans } from '../../store/selectors.ts';
import { useDispatch, useStepNavigation, useWizard } from '../../store/store-context.tsx';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { AddOnsSection } from './add-ons-section.tsx';
import { OfferBanner } from './offer-banner.tsx';
import { PlansSection } from './plans-section.tsx';
import { RoutersSection } from './routers-section.tsx';
import { RouterDialog } from './router-dialog.tsx';
import { text } from './text.ts';

export { prefetch } from './prefetch.ts';
import { useAddToCart } from './use-add-to-cart.ts';
import './build-plan.css';

/** Go back, and Add to cart, which waits for a router (the hint says so). */
function StepActions({ back, cart }: { back: () => void; cart: ReturnType<typeof useAddToCart> }) {
  return (
    <div className="step-actions">
      <Button variant="secondary" onClick={back}>
        {text.goBack}
      </Button>
      <div className="build-plan__cart">
        {!cart.enabled && (
          <p className="build-plan__cart-hint" id="add-to-cart-hint">
            {text.needsRouter}
          </p>
        )}
        <Button
          onClick={cart.addToCart}
          disabled={!cart.enabled}
          busy={cart.busy}
          aria-describedby={cart.enabled ? undefined : 'add-to-cart-hint'}
        >
          {text.addToCart}
        </Button>
      </div>
    </div>
  );
}

/** Step 2, Build Plan: plan, static IP, router; the order summary; Go back and Add to cart. */
export function BuildPlanStep() {
  const { site, domain } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const { back } = useStepNavigation();
  const order = useOrder();
  const { catalogue, offer } = order;
  const offers = useOfferCode({ applyLinkCode: true });
  const cart = useAddToCart(order, offers);
  const [byoPending, setByoPending] = useState<Router | null>(null);

  const address = state.address.value;
  const variant = address ? buildingVariant(address, site.supportPhone, domain) : null;
  const plans = shownPlans(state, catalogue.plans, domain);
  const noPlans =
    !catalogue.plansLoading &&
    !catalogue.failed &&
    offeredPlans(state, catalogue.plans, domain).length === 0;

  function chooseRouter(router: Router) {
    if (isBringYourOwn(router) && router.id !== state.routers.selectedId) setByoPending(router);
    else dispatch({ type: 'routers/select', id: router.id });
  }

  return (
    <section className="step build-plan">
      <StepHeading>{text.heading}</StepHeading>
      {address && <p className="step-intro">{text.intro(address.formatted_address)}</p>}
      <OfferBanner offer={offer} />
      {offer.source === 'promo' && !offer.discount && (
        <p className="build-plan__code-note">{text.promoApplied(offer.couponCode ?? '')}</p>
      )}

      <div className="step-layout">
        <div className="build-plan__main">
          {catalogue.failed && (
            <Alert tone="danger">
              <p>{text.loadFailed}</p>
              <Button variant="secondary" onClick={catalogue.retry}>
                {text.tryAgain}
              </Button>
            </Alert>
          )}

          <PlansSection
            plans={plans}
            noPlans={noPlans}
            loading={catalogue.plansLoading}
            busy={catalogue.plansLoading || catalogue.routersLoading}
            selectedId={order.plan?.id ?? null}
          />

          <AddOnsSection variant={variant} />

          <RoutersSection
            routers={catalogue.routers}
            loading={catalogue.routersLoading}
            onChoose={chooseRouter}
          />
        </div>
        <div className="step-layout__aside">
          <OrderSummary />
        </div>
      </div>

      {offers.error && (
        <Alert tone="danger" className="build-plan__coupon-error">
          <p>{offers.error}</p>
        </Alert>
      )}
      <StepActions back={back} cart={cart} />

      <RouterDialog
        open={byoPending !== null}
        onCancel={() => setByoPending(null)}
        onConfirm={() => {
          if (byoPending) dispatch({ type: 'routers/select', id: byoPending.id });
          setByoPending(null);
        }}
      />
      <ConfirmOfferDialog conflict={offers.conflict} onChoose={offers.choose} />
    </section>
  );
}
