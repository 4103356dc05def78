import { buildingFlags, isServiceable } from '@fibre/domain/address';
import type { Coupon, Plan, Router } from '@fibre/domain/api';
import { isPlanOffered } from '@fibre/domain/catalogue';
import { unitSchema } from '@fibre/domain/contact';
import type { InstallBodyFacts } from '@fibre/domain/install';
import { eligibleCoupon, discountFromCoupon } from '@fibre/domain/offers';
import {
  activationTotal,
  monthlyCharge,
  sameAmount,
  type AddOn,
  type CardScheme,
} from '@fibre/domain/pricing';
import type { DomainConfig } from '@fibre/domain/shared';
import type { Kysely } from 'kysely';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import type { Schema } from '../db/schema.ts';
import { accepted, Refusal, refused, type Outcome } from '../http/errors.ts';
import type { Building } from '../catalogue/index.ts';
import { findCoupon } from '../offers/index.ts';
import { findOrderBuilding } from './repository/orders.ts';

/** What the server knows about an order's building and catalogue rows (install-facts.ts uses them). */
export interface OrderCatalogue {
  building: Building;
  /** The building and the buildings served through it (its slaves). */
  served: Building[];
  greenfield: boolean;
  plan: Plan;
  router: Router;
  coupon: Coupon | null;
}

export interface PricedInstall {
  buildingCode: string;
  planId: string;
  routerId: string;
  /** The router's monthly charge; 0 for bring-your-own. */
  routerCents: number;
  addOns: AddOn[];
  couponId: string | null;
  monthlyCents: number;
  activationCents: number;
  /**
   * The card's scheme the fees are for (docs/rules/plans-and-pricing.md#card-fees): null for
   * direct debit; with Chargebee, the scheme the body stated until billing reports the card's.
   */
  cardScheme: CardScheme | null;
  /** The card fee on each monthly charge. */
  cardFeeCents: number;
  /** The card fee on the first payment. */
  firstPaymentFeeCents: number;
  catalogue: OrderCatalogue;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const unprocessable = (code: string, message: string, field?: string) =>
  refused(new Refusal('unprocessable', code, message, field ? { [field]: message } : undefined));

/**
 * Decides what the order is and costs from the server's own catalogue, building and coupons: the
 * browser's body names the choices, never the prices (docs/decisions/009-install-facts.md). The
 * rules are the catalogue's (ctx.catalogue.current().domain): which plans show, the add-on and fee
 * prices.
 */
export async function priceOrder(
  db: Kysely<Schema>,
  catalogue: Pick<CatalogueSnapshot, 'provider' | 'plans' | 'routers'>,
  facts: InstallBodyFacts,
  rules: DomainConfig,
): Promise<Outcome<PricedInstall>> {
  const place = await orderBuilding(db, facts);
  if (!place.ok) return place;
  const { building, served, flags } = place.value;
  const chosen = await chosenProducts(db, catalogue, facts, place.value, rules);
  if (!chosen.ok) return chosen;
  const { plan, router, addOns, coupon } = chosen.value;
  const monthly = monthlyCharge({ plan, router, addOns }, rules);
  const changed = priceChanged(facts, router, monthly);
  if (changed) return refused(changed);
  const activation = activationTotal(
    {
      plan,
      router,
      addOns,
      greenfield: flags.greenfield,
      discount: coupon ? discountFromCoupon(coupon) : null,
    },
    rules,
  );
  return accepted({
    buildingCode: facts.buildingCode,
    planId: plan.id,
    routerId: router.id,
    routerCents: cents(Number(router.cost)),
    addOns,
    couponId: coupon?.coupon_id ?? null,
    monthlyCents: cents(monthly),
    activationCents: cents(activation),
    // No card yet: writeOrder adds the fees of the card's scheme (withCardFees).
    cardScheme: null,
    cardFeeCents: 0,
    firstPaymentFeeCents: 0,
    catalogue: { building, served, greenfield: flags.greenfield, plan, router, coupon },
  });
}

/** The order's building, as the server knows it. */
interface OrderBuilding {
  building: Building;
  served: Building[];
  flags: ReturnType<typeof buildingFlags>;
}

/** The building the body names, known, serviceable online, and the unit right for it. */
async function orderBuilding(
  db: Kysely<Schema>,
  facts: InstallBodyFacts,
): Promise<Outcome<OrderBuilding>> {
  const { buildingCode } = facts;
  if (facts.namedBuildingCode !== buildingCode) {
    return unprocessable(
      'building_mismatch',
      'The building code does not match the service address',
      'charge_bee.service_id',
    );
  }
  const found = await findOrderBuilding(db, buildingCode);
  if (!found)
    return unprocessable(
      'unknown_building',
      'We do not know this building',
      'charge_bee.service_id',
    );
  const { building, served } = found;
  const flags = buildingFlags({
    buildingClass: building.building_class,
    buildingType: building.building_type,
    buildingCategory: building.building_category,
  });
  if (!isServiceable(building.status) || flags.commercial) {
    return unprocessable(
      'not_serviceable',
      'This address cannot be ordered online',
      'charge_bee.service_id',
    );
  }
  const unit = unitSchema(flags.mdu).safeParse(facts.unit);
  if (!unit.success)
    return unprocessable('invalid_unit', unit.error.issues[0]!.message, 'charge_bee.unit');
  return accepted({ building, served, flags });
}

/**
 * The plan offered at the building, the router, the add-ons (the new development fee the
 * building's, never the body's) and the coupon, eligible for the plan and the building's area.
 */
async function chosenProducts(
  db: Kysely<Schema>,
  catalogue: Pick<CatalogueSnapshot, 'provider' | 'plans' | 'routers'>,
  facts: InstallBodyFacts,
  { building, flags }: OrderBuilding,
  rules: DomainConfig,
): Promise<Outcome<{ plan: Plan; router: Router; addOns: AddOn[]; coupon: Coupon | null }>> {
  const plan = catalogue.plans.find((p) => p.id === facts.planId);
  if (
    !plan ||
    !isPlanOffered(plan, { lit: building.status === 'LIT', greenfield: flags.greenfield }, rules)
  ) {
    return unprocessable(
      'plan_not_offered',
      'This plan is not offered at this address',
      'charge_bee.plan_id',
    );
  }
  const routerName = facts.router.name?.toLowerCase();
  const router = catalogue.routers.find((r) => r.name.toLowerCase() === routerName);
  if (!router)
    return unprocessable(
      'unknown_router',
      'Please choose a router',
      'arrivy_booking.template_extra_fields',
    );

  const addOns: AddOn[] = facts.addOns.filter((a) => a !== 'new-development-fee');
  if (flags.greenfield) addOns.push('new-development-fee');
  if (facts.newDevelopmentFee !== flags.greenfield) {
    return unprocessable(
      'add_ons_mismatch',
      'The new development charge applies to new developments only',
      'charge_bee.add_ons',
    );
  }

  // The coupon's area is the building's own postcode and suburb, never the body's (009).
  let coupon: Coupon | null = null;
  if (facts.coupon !== null) {
    const row = await findCoupon(db, catalogue.provider.code, facts.coupon.coupon_id);
    const use = { planIds: [plan.id], postcode: building.postcode, suburb: building.suburb };
    coupon = eligibleCoupon(row, use);
    if (!coupon)
      return unprocessable('coupon_invalid', 'Coupon is invalid', 'charge_bee.coupon_id');
  }
  return accepted({ plan, router, addOns, coupon });
}

/** `price_changed`, naming each charge the body states that is not the server's (router, monthly). */
function priceChanged(
  facts: InstallBodyFacts,
  router: Router,
  monthly: number,
): Refusal | undefined {
  // Amounts compare as amounts: '79', '79.0' and '79.00' are one price (009).
  const changed = {
    ...(sameAmount(facts.router.charge, router.cost)
      ? {}
      : { 'charge_bee.router_charge': router.cost }),
    ...(facts.monthlyCost !== null && sameAmount(facts.monthlyCost, monthly)
      ? {}
      : { 'arrivy_booking.template_extra_fields.Monthly Cost': String(monthly) }),
  };
  if (Object.keys(changed).length > 0) {
    const message = 'Prices have changed since you chose your plan. Please review your order.';
    return new Refusal(
      'unprocessable',
      'price_changed',
      message,
      Object.fromEntries(Object.keys(changed).map((field) => [field, message])),
    );
  }
  return undefined;
}
