import { buildingFlags } from '@fibre/domain/address';
import type { InstallBodyFacts } from '@fibre/domain/install';
import { couponFromRecord } from '@fibre/domain/offers';
import { isCardScheme } from '@fibre/domain/pricing';
import { findPlan, findRouter } from '../catalogue/index.ts';
import { findCoupon } from '../offers/index.ts';
import { findOrderBuilding, type OrderRow } from './repository/orders.ts';
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
  const rsp = deps.ctx.catalogue.current().provider.code;
  const held = await findReservationWindow(db, order.reservation_id);
  if (!held) throw new Error(`Order ${order.id}: its reservation is gone`);
  // What the order was sold, even if an import has since retired it.
  const found = await findOrderBuilding(db, order.building_code, { includeRetired: true });
  const plan = await findPlan(db, order.plan_id);
  const router = await findRouter(db, order.router_id);
  const couponRow = order.coupon_id
    ? await findCoupon(db, rsp, order.coupon_id, { includeRetired: true })
    : undefined;
  if (!found || !plan || !router) throw new Error(`Order ${order.id}: its catalogue rows are gone`);
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
    routerCents: Math.round(Number(router.cost) * 100),
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
  const rules = deps.ctx.catalogue.current().domain;
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
