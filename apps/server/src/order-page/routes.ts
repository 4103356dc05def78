import { addressWithUnit } from '@fibre/domain/address';
import {
  errorAnswer,
  orderPageAnswer,
  orderPageParams,
  rescheduleBody,
  type OrderPageAnswer,
} from '@fibre/domain/api';
import { storedCardFees } from '@fibre/domain/pricing';
import { stateTimeZone } from '@fibre/domain/scheduling';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { soldOf } from '../catalogue/index.ts';
import type { AppContext } from '../context.ts';
import { visitorAnswer } from '../http/errors.ts';
import {
  cancelByCustomer,
  changeability,
  orderForToken,
  rescheduleOrder,
} from '../orders/index.ts';
import type { InstallDeps } from '../orders/index.ts';
import { orderPageMisses } from '../plugins/rate-limits.ts';
import { defineRoute, registerDefined, type AnyRoute } from '../http/define.ts';

/*
 * The order page's API (docs/rules/order-page.md): public, no session; the order page's token in
 * the path opens one order. A token that opens nothing answers 404 `not_found`, whatever its
 * shape, and counts against ORDER_PAGE_MISSES_PER_MINUTE as well as ORDER_PAGE_PER_MINUTE.
 */
export function orderPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps: InstallDeps = {
    ctx,
    billing: ctx.billing,
    calendar: ctx.scheduler.calendar,
    reporter: ctx.reporter,
  };
  const miss = orderPageMisses(app, ctx.config.limits, ctx.metrics);
  /** Runs `work`; a token that opens no order is counted as a miss (429 once too many). */
  const counted: Counted = async (request, reply, work) => {
    try {
      return await work();
    } catch (error) {
      if (visitorAnswer(error)?.status === 404) await miss(request, reply);
      throw error;
    }
  };
  const page = { ctx, deps, counted };
  registerDefined(app, [showRoute(page), rescheduleRoute(page), cancelRoute(page)]);
}

type Counted = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
) => Promise<T>;

/** What the order page's routes share: the install's adapters, and the misses counted. */
interface PageDeps {
  ctx: AppContext;
  deps: InstallDeps;
  counted: Counted;
}

const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

/** The order as its page shows it, with what can be changed now. */
async function view(ctx: AppContext, deps: InstallDeps, token: string): Promise<OrderPageAnswer> {
  const order = await orderForToken(deps, token);
  const served = ctx.catalogue.current();
  // What the order was sold, not today's catalogue (docs/rules/orders.md#what-an-order-was-sold).
  const { plan, router, addOns } = soldOf(order, served.domain);
  const { support_phone: phone, support_email: email } = served.provider;
  const can = changeability(order, ctx.now(), phone);
  return {
    order_id: order.id,
    reference: order.reference,
    status: order.status,
    placed_at: order.created_at.toISOString(),
    service_status: order.service_status,
    plan: { id: plan.id, name: plan.name },
    router: { id: router.id, name: router.name },
    add_ons: addOns.map(({ id, label }) => ({ id, label })),
    coupon: order.coupon_id,
    prices: {
      monthly_cents: order.monthly_cents,
      one_off_cents: order.activation_cents,
      card_fee_cents: order.card_fee_cents,
      ...storedCardFees(order),
    },
    window: {
      start: order.starts_at.toISOString(),
      end: order.ends_at.toISOString(),
      state: order.state,
      time_zone: stateTimeZone(order.state),
    },
    address: addressWithUnit(order.formatted_address ?? '', order.unit),
    changeable_until: can.changeableUntil?.toISOString() ?? null,
    can_reschedule: can.reschedule,
    can_cancel: can.cancel,
    help: { phone, email },
  };
}

const error = (description: string) => ({ description, schema: errorAnswer });
const notFoundAnswer = error('not_found: the token opens no order (unknown, altered or malformed)');
const limited = error(
  'rate_limited: ORDER_PAGE_PER_MINUTE, or ORDER_PAGE_MISSES_PER_MINUTE tokens that opened no order',
);
const refused = (extra: string) =>
  error(
    `too_late: the window starts within 24 hours; window_passed; cancelled; not_confirmed; order_in_progress${extra}. The message says what to do (call the provider's phone)`,
  );

/** The order its link opens. */
function showRoute({ ctx, deps, counted }: PageDeps): AnyRoute {
  return defineRoute({
    method: 'GET',
    url: '/api/v1/public/orders/:token',
    operationId: 'showOrderPage',
    summary:
      'The order its order page link opens: status, what was ordered, the window, and what can be changed now',
    description:
      'Public; the token of the order link (/order/<token>) in the path. Cache-Control: no-store (docs/rules/order-page.md).',
    tags: ['orders'],
    security: 'public',
    params: orderPageParams,
    responses: {
      200: { description: 'The order', schema: orderPageAnswer },
      404: notFoundAnswer,
      429: limited,
    },
    handler: async (request, reply) => {
      noStore(reply);
      return counted(request, reply, () => view(ctx, deps, request.params.token));
    },
  });
}

/** Moves the installation to another free window. */
function rescheduleRoute({ ctx, deps, counted }: PageDeps): AnyRoute {
  const scheduler = ctx.scheduler;
  return defineRoute({
    method: 'POST',
    url: '/api/v1/public/orders/:token/reschedule',
    operationId: 'rescheduleOrder',
    summary: 'Moves the installation to another free window (a slot of the public bookings call)',
    description:
      'Refused within 24 hours of the current window; the new window must be free and at least 24 hours away. Answers the order as it is afterwards (docs/rules/order-page.md#reschedule).',
    tags: ['orders'],
    security: 'public',
    params: orderPageParams,
    body: rescheduleBody,
    emptyBodyAs: {},
    responses: {
      200: { description: 'Rescheduled: the order', schema: orderPageAnswer },
      400: error(
        'invalid_input: booking_id names no window of the order’s state, or start/end do not match it',
      ),
      404: notFoundAnswer,
      409: refused(
        '; too_soon: the new window is within 24 hours; same_window; reservation_taken: the new window is full; window_closed',
      ),
      429: limited,
      502: error('reschedule_failed: the installer task could not be moved; nothing changed'),
      503: error('The scheduling service (Arrivy) cannot be reached'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { token } = request.params;
      return counted(request, reply, async () => {
        await rescheduleOrder(deps, scheduler, token, request.body);
        return view(ctx, deps, token);
      });
    },
  });
}

/** Cancels the order. */
function cancelRoute({ ctx, deps, counted }: PageDeps): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/api/v1/public/orders/:token/cancel',
    operationId: 'cancelOrderByCustomer',
    summary: 'Cancels the order: billing and the installer task cancelled, the window given back',
    description:
      'Refused within 24 hours of the window, after it, or when already cancelled. Answers the order as it is afterwards (docs/rules/order-page.md#cancel).',
    tags: ['orders'],
    security: 'public',
    params: orderPageParams,
    responses: {
      200: { description: 'Cancelled: the order', schema: orderPageAnswer },
      404: notFoundAnswer,
      409: refused('; already_cancelled'),
      429: limited,
      502: error(
        'cancel_failed: billing or the installer task could not be cancelled; nothing changed',
      ),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { token } = request.params;
      return counted(request, reply, async () => {
        await cancelByCustomer(deps, token);
        return view(ctx, deps, token);
      });
    },
  });
}
