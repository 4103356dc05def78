import { listRouters } from '../repositories/catalogue.ts';
import type { OrderRow } from '../repositories/orders.ts';
import type { InstallDeps, WrittenOrder } from './write-order.ts';

/** The written order again, from its row and its consumed hold, for a resumed attempt. */
export async function rebuildOrder(deps: InstallDeps, order: OrderRow): Promise<WrittenOrder> {
  const { db } = deps.ctx.database;
  const held = await db
    .selectFrom('reservations as r')
    .innerJoin('slot_windows as w', 'w.id', 'r.window_id')
    .select(['r.reservation_id', 'r.event_id', 'w.state', 'w.starts_at', 'w.ends_at'])
    .where('r.reservation_id', '=', order.reservation_id)
    .executeTakeFirstOrThrow();
  const router = (await listRouters(db, deps.ctx.config.provider.code)).find(
    (r) => r.id === order.router_id,
  );
  const contact = order.contact as { firstName?: string; lastName?: string };
  return {
    orderId: order.id,
    held,
    priced: {
      buildingCode: order.building_code,
      planId: order.plan_id,
      routerId: order.router_id,
      routerCents: Math.round(Number(router?.cost ?? 0) * 100),
      addOns: order.add_ons as WrittenOrder['priced']['addOns'],
      couponId: order.coupon_id,
      monthlyCents: order.monthly_cents,
      activationCents: order.activation_cents,
      cardFeeCents: order.card_fee_cents,
    },
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
  };
}
