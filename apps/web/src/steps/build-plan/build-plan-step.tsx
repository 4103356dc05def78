import { buildingVariant, isBringYourOwn, type PlanFilter, type Router } from '@fibre/domain';
import { useState } from 'react';
import { useConfig } from '../../app/config/config-context.tsx';
import { currentOffer } from '../../app/offers/current-offer.ts';
import { OrderSummary } from '../../app/order-summary/order-summary.tsx';
import { StepHeading } from '../../app/shell/step-focus.tsx';
import { offeredPlans, shownPlans } from '../../app/store/selectors.ts';
import { useDispatch, useStepNavigation, useWizard } from '../../app/store/store-context.tsx';
import { Alert } from '../../app/ui/alert.tsx';
import { Button } from '../../app/ui/button.tsx';
import { SegmentedControl } from '../../app/ui/segmented-control.tsx';
import { AddOnsSection } from './add-ons-section.tsx';
import { CardsSkeleton } from './cards-skeleton.tsx';
import { ConfirmOfferDialog } from './confirm-offer-dialog.tsx';
import { OfferBanner } from './offer-banner.tsx';
import { PlanCarousel } from './plan-carousel.tsx';
import { RouterCarousel } from './router-carousel.tsx';
import { RouterDialog } from './router-dialog.tsx';
import { text } from './text.ts';
import { useAddToCart } from './use-add-to-cart.ts';
import { useCatalogue } from './use-catalogue.ts';
import { usePromoCode } from './use-promo-code.ts';
import './build-plan.css';

/** Step 2, Build Plan: plan, static IP, router; the order summary; Go back and Add to cart. */
export function BuildPlanStep() {
  const { site, domain } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const { back } = useStepNavigation();
  const catalogue = useCatalogue();
  const promo = usePromoCode();
  const cart = useAddToCart();
  const [byoPending, setByoPending] = useState<Router | null>(null);

  const address = state.address.value;
  const offer = currentOffer(state);
  const variant = address ? buildingVariant(address, site.supportPhone, domain) : null;
  const plans = shownPlans(state, domain);
  const noPlans = state.plans.status === 'idle' && offeredPlans(state, domain).length === 0;

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

          <section
            className="card step-section"
            aria-labelledby="plans-title"
            aria-busy={catalogue.loading}
          >
            <div className="build-plan__section-head">
              <div>
                <h2 id="plans-title" className="section-title">
                  {text.plansTitle}
                </h2>
                <p className="section-intro">{text.plansIntro}</p>
              </div>
              <SegmentedControl<PlanFilter>
                label={text.planFilter}
                value={state.plans.filter}
                onChange={(filter) => dispatch({ type: 'plans/filter', filter })}
                options={[
                  { value: 'all', label: text.allPlans },
                  { value: 'popular', label: text.mostPopular },
                ]}
              />
            </div>
            {/* A plan card's height: with its busy-hour line and its CIS link. */}
            {state.plans.status === 'loading' ? (
              <CardsSkeleton cardHeight="18.5rem" />
            ) : noPlans ? (
              <p>{text.noPlans}</p>
            ) : (
              <PlanCarousel
                plans={plans}
                rules={domain}
                selectedId={state.plans.selectedId}
                onSelect={(id) => dispatch({ type: 'plans/select', id })}
              />
            )}
            <p className="build-plan__footnote">{text.eveningSpeeds}</p>
          </section>

          <AddOnsSection variant={variant} />

          <section
            className="card step-section"
            aria-labelledby="routers-title"
            aria-busy={state.routers.status === 'loading'}
          >
            <h2 id="routers-title" className="section-title">
              {text.routersTitle}
            </h2>
            <p className="section-intro">{text.routersIntro}</p>
            {state.routers.status === 'loading' ? (
              <CardsSkeleton cardHeight="13rem" />
            ) : (
              <RouterCarousel
                routers={state.routers.items}
                selectedId={state.routers.selectedId}
                onChoose={chooseRouter}
              />
            )}
          </section>
        </div>
        <div className="step-layout__aside">
          <OrderSummary />
        </div>
      </div>

      {state.discount.error && (
        <Alert tone="danger" className="build-plan__coupon-error">
          <p>{state.discount.error}</p>
        </Alert>
      )}
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
            onClick={() => void cart.addToCart()}
            disabled={!cart.enabled}
            busy={cart.busy}
            aria-describedby={cart.enabled ? undefined : 'add-to-cart-hint'}
          >
            {text.addToCart}
          </Button>
        </div>
      </div>

      <RouterDialog
        open={byoPending !== null}
        onCancel={() => setByoPending(null)}
        onConfirm={() => {
          if (byoPending) dispatch({ type: 'routers/select', id: byoPending.id });
          setByoPending(null);
        }}
      />
      <ConfirmOfferDialog conflict={promo.conflict} onChoose={promo.choose} />
    </section>
  );
}
