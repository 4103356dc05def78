import { buildingFlags } from '@fibre/domain/address';
import type { InstallBodyFacts } from '@fibre/domain/install';
import { couponFromRecord } from '@fibre/domain/offers';
import { isCardScheme } from '@fibre/domain/pricing';
import { planAnswer, routerAnswer } from '@fibre/domain/api';
import { soldCents, soldOf, type CatalogueSnapshot, type Sold } from '../catalogue/index.ts';
import { findCoupon } from '../offers/index.ts';
import { findOrderBuilding, findOrderSold, type OrderRow } from './repository/orders.ts';
import { findReservationWindow } from '../scheduling/index.ts';
import { installFacts } from './install-facts.ts';
import type { PricedInstall } from './price-order.ts';
import type { InstallDeps, WrittenOrder } from './write-order.ts';

/**
 * The written order again, from its row, its consumed hold and the catalogue, for a resumed
 * attempt. The body is the first attempt's (the Idempotency-Key's hash says so), so the facts
 * built from it are the ones the first attempt built.
 */
export async function rebuildOrder(
  deps: InstallDeps,
  order: OrderRow,
  input: { facts: InstallBodyFacts },
): Promise<WrittenOrder> {
  const { db } = deps.ctx.database;
  const current = deps.ctx.catalogue.current();
  const rsp = current.provider.code;
  const held = await findReservationWindow(db, order.reservation_id);
  if (!held) throw new Error(`Order ${order.id}: its reservation is gone`);
  // What the order was sold, even if an import has since retired it.
  const found = await findOrderBuilding(db, order.building_code, { includeRetired: true });
  const soldRow = await findOrderSold(db, order.id);
  if (!soldRow) throw new Error(`Order ${order.id} is gone`);
  const sold = soldOf(soldRow, current.domain);
  const { plan, router } = asServed(sold, current);
  const couponRow = order.coupon_id
    ? await findCoupon(db, rsp, order.coupon_id, { includeRetired: true })
    : undefined;
  if (!found) throw new Error(`Order ${order.id}: its building is gone`);
  const { building, served } = found;
  const greenfield = buildingFlags({
    buildingClass: building.building_class,
    buildingType: building.building_type,
    buildingCategory: building.building_category,
  }).greenfield;
  const contact = order.contact as { firstName?: string; lastName?: string };
  const firstName = contact.firstName ?? '';
  const lastName = contact.lastName ?? '';
  const priced: PricedInstall = {
    buildingCode: order.building_code,
    planId: order.plan_id,
    routerId: order.router_id,
    routerCents: soldCents(router.cost),
    addOns: order.add_ons as PricedInstall['addOns'],
    couponId: order.coupon_id,
    monthlyCents: order.monthly_cents,
    activationCents: order.activation_cents,
    cardScheme: isCardScheme(order.card_scheme) ? order.card_scheme : null,
    cardFeeCents: order.card_fee_cents,
    // Orders placed before migration 034 had one fee, on every card payment.
    firstPaymentFeeCents: order.first_payment_fee_cents ?? order.card_fee_cents,
    catalogue: {
      building,
      served,
      greenfield,
      plan,
      router,
      coupon: couponRow ? couponFromRecord(couponRow) : null,
    },
  };
  const rules = current.domain;
  const built = installFacts({ ...input, priced, held, rsp, firstName, lastName }, rules);
  // The first attempt built these facts from the same body: a refusal now is the catalogue's change.
  if (!built.ok) throw built.refusal;
  return {
    orderId: order.id,
    reference: order.reference,
    email: order.email,
    held,
    priced,
    facts: built.value,
    firstName,
    lastName,
  };
}

/**
 * The sold plan and router as the served ones the install's facts are built from. A record written
 * before a field was added to the answer lacks it: the plan's current entry, if it has one, gives
 * it; the record's own fields (name, speeds, prices) always win.
 */
function asServed(sold: Sold, current: Pick<CatalogueSnapshot, 'plans' | 'routers'>) {
  const plan = planAnswer.safeParse({
    ...current.plans.find((p) => p.id === sold.plan.id),
    ...sold.plan,
  });
  const router = routerAnswer.safeParse({
    ...current.routers.find((r) => r.id === sold.router.id),
    ...sold.router,
  });
  if (!plan.success || !router.success)
    throw new Error(
      `Plan ${sold.plan.id} or router ${sold.router.id}: not all that was sold is known`,
    );
  return { plan: plan.data, router: router.data };
}
