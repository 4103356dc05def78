import {
  activationTotal,
  buildingFlags,
  cardFee,
  discountFromCoupon,
  formatDollars,
  isPlanOffered,
  isServiceable,
  monthlyCharge,
  unitSchema,
  type AddOn,
  type Coupon,
  type CouponType,
  type InstallBody,
} from '@fibre/domain';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { listPlans, listRouters } from '../repositories/catalogue.ts';
import { findCoupon } from '../repositories/offers.ts';

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
  cardFeeCents: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const unprocessable = (code: string, message: string, field?: string) =>
  new HttpError(422, code, message, field ? { [field]: message } : undefined);

/**
 * Decides what the order is and costs from the server's own catalogue, building and coupons: the
 * browser's body names the choices, never the prices (PRODUCT.md section 4).
 */
export async function priceOrder(
  db: Kysely<Schema>,
  rsp: string,
  body: InstallBody,
  extra: Map<string, string>,
): Promise<PricedInstall> {
  const cb = body.charge_bee;
  const buildingCode = cb.service_id.trim().toUpperCase();
  if ((extra.get('Building Code') ?? '').toUpperCase() !== buildingCode) {
    throw unprocessable(
      'building_mismatch',
      'The building code does not match the service address',
      'charge_bee.service_id',
    );
  }
  const building = await db
    .selectFrom('buildings')
    .selectAll()
    .where('code', '=', buildingCode)
    .executeTakeFirst();
  if (!building)
    throw unprocessable(
      'unknown_building',
      'We do not know this building',
      'charge_bee.service_id',
    );
  const flags = buildingFlags({
    buildingClass: building.building_class,
    buildingType: building.building_type,
    buildingCategory: building.building_category,
  });
  if (!isServiceable(building.status) || flags.commercial) {
    throw unprocessable(
      'not_serviceable',
      'This address cannot be ordered online',
      'charge_bee.service_id',
    );
  }
  const unit = unitSchema(flags.mdu).safeParse(cb.unit);
  if (!unit.success)
    throw unprocessable('invalid_unit', unit.error.issues[0]!.message, 'charge_bee.unit');

  const plan = (await listPlans(db, rsp)).find((p) => p.id === cb.plan_id);
  if (
    !plan ||
    !isPlanOffered(plan, { lit: building.status === 'LIT', greenfield: flags.greenfield })
  ) {
    throw unprocessable(
      'plan_not_offered',
      'This plan is not offered at this address',
      'charge_bee.plan_id',
    );
  }
  const routerName = (extra.get('Router') ?? '').trim().toLowerCase();
  const router = (await listRouters(db, rsp)).find((r) => r.name.toLowerCase() === routerName);
  if (!router)
    throw unprocessable(
      'unknown_router',
      'Please choose a router',
      'arrivy_booking.template_extra_fields',
    );

  const addOns: AddOn[] = cb.add_ons.filter((a) => a !== 'new-development-fee');
  if (flags.greenfield) addOns.push('new-development-fee');
  if (cb.add_ons.includes('new-development-fee') !== flags.greenfield) {
    throw unprocessable(
      'add_ons_mismatch',
      'The new development charge applies to new developments only',
      'charge_bee.add_ons',
    );
  }

  let coupon: Coupon | null = null;
  if (cb.coupon_id !== null) {
    const row = await findCoupon(db, rsp, cb.coupon_id);
    const placeOk =
      row &&
      (row.only_postcode === null || row.only_postcode === cb.postcode) &&
      (row.only_suburb === null ||
        row.only_suburb.toLowerCase() === cb.suburb.trim().toLowerCase());
    const planOk = row && (row.plan_ids.length === 0 || row.plan_ids.includes(plan.id));
    if (!row || !placeOk || !planOk)
      throw unprocessable('coupon_invalid', 'Coupon is invalid', 'charge_bee.coupon_id');
    coupon = {
      coupon_id: row.coupon_id,
      coupon_type: row.coupon_type as CouponType,
      period: row.period,
      period_unit: row.period_unit,
      dollar_amount: row.dollar_amount,
      percentage: row.percentage === null ? null : Number(row.percentage),
      plan_ids: row.plan_ids,
    };
  }

  const monthly = monthlyCharge({ plan, router, addOns });
  if (
    Number(cb.router_charge) !== Number(router.cost) ||
    extra.get('Monthly Cost') !== formatDollars(monthly)
  ) {
    throw new HttpError(
      422,
      'price_changed',
      'Prices have changed since you chose your plan. Please review your order.',
    );
  }
  const activation = activationTotal({
    plan,
    router,
    addOns,
    greenfield: flags.greenfield,
    discount: coupon ? discountFromCoupon(coupon) : null,
  });
  return {
    buildingCode,
    planId: plan.id,
    routerId: router.id,
    routerCents: cents(Number(router.cost)),
    addOns,
    couponId: coupon?.coupon_id ?? null,
    monthlyCents: cents(monthly),
    activationCents: cents(activation),
    cardFeeCents: cents(cardFee(monthly)),
  };
}
