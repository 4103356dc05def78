import {
  adminOrderAnswer,
  adminOrderLinkAnswer,
  adminOrderParams,
  cancelOrderBody,
  errorAnswer,
  resolveOrderBody,
  serviceStatusBody,
} from '@fibre/domain/api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { defineAdminRoute, operatorOf } from '../operators/index.ts';
import {
  cancelOrder,
  resendOrderLink,
  resolveNeedsAttention,
  showOrderLink,
  type Actor,
} from './operator-actions.ts';
import { retryOrder } from './operator-retry.ts';
import type { InstallDeps } from './write-order.ts';
import { setServiceStatus } from './service-status.ts';
import type { AnyRoute } from '../http/define.ts';
import { orderDetail } from './admin-routes.ts';

/*
 * Acting on orders (docs/rules/operators.md#acting-on-orders): retry the failed external step,
 * mark resolved with a note, cancel. Managers only, each audited on the order.
 */
export function adminActionRoutes(ctx: AppContext): AnyRoute[] {
  // The install's own adapters, made once by the composition (app/adapters.ts).
  const deps: InstallDeps = {
    ctx,
    billing: ctx.billing,
    calendar: ctx.scheduler.calendar,
    reporter: ctx.reporter,
  };
  return [
    retryRoute(ctx, deps),
    resolveRoute(ctx, deps),
    cancelRoute(ctx, deps),
    serviceStatusRoute(ctx, deps),
    mailLinkRoute(ctx, deps),
    showLinkRoute(ctx, deps),
  ];
}

const error = (description: string) => ({ description, schema: errorAnswer });
const notFoundAnswer = error('not_found: no order has this id');

/** The operator acting, now. */
const actor = (ctx: AppContext, request: FastifyRequest): Actor => ({
  email: operatorOf(request).email,
  at: ctx.now(),
});

/** The order as it is afterwards, its history included. */
async function answer(ctx: AppContext, id: string) {
  const order = await orderDetail(ctx.database.db, id, ctx.catalogue.current().domain);
  if (!order) throw notFound('No order has this id');
  return order;
}

/** Retries a needs_attention order's failed external step. */
function retryRoute(ctx: AppContext, deps: InstallDeps): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/orders/:id/retry',
    operationId: 'retryOrder',
    summary: "Retries a needs_attention order's failed external step (managers only; audited)",
    description:
      'Billing when the order has no subscription reference and billing is external, the installer task when it has no task reference and scheduling is external; each idempotent per order. Confirmed on success (docs/rules/operators.md#acting-on-orders).',
    params: adminOrderParams,
    responses: {
      200: { description: 'Retried: the order, confirmed', schema: adminOrderAnswer },
      404: notFoundAnswer,
      409: error(
        'not_retryable: the order does not need attention, or was placed before retries kept its details; order_in_progress: another request is working on it',
      ),
      502: error(
        'retry_failed: the named step failed again; the order still needs attention, with the new reason',
      ),
    },
    handler: async (request) => {
      const { id } = request.params;
      await retryOrder(deps, id, actor(ctx, request));
      return answer(ctx, id);
    },
  });
}

/** Marks a needs_attention order resolved, with a note. */
function resolveRoute(ctx: AppContext, deps: InstallDeps): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/orders/:id/resolve',
    operationId: 'resolveOrder',
    summary: 'Marks a needs_attention order resolved, with a note (managers only; audited)',
    description:
      'For an order a person finished by hand: it becomes confirmed, its reason cleared, the note kept in its history (docs/rules/operators.md#acting-on-orders).',
    params: adminOrderParams,
    body: resolveOrderBody,
    responses: {
      200: { description: 'Resolved: the order, confirmed', schema: adminOrderAnswer },
      400: error('invalid_input: the note is missing, empty or longer than 1000 characters'),
      404: notFoundAnswer,
      409: error(
        'not_resolvable: the order does not need attention; order_in_progress: another request is working on it',
      ),
    },
    handler: async (request) => {
      const { id } = request.params;
      await resolveNeedsAttention(deps, id, request.body.note, actor(ctx, request));
      return answer(ctx, id);
    },
  });
}

/** Cancels an order. */
function cancelRoute(ctx: AppContext, deps: InstallDeps): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/orders/:id/cancel',
    operationId: 'cancelOrder',
    summary:
      'Cancels an order: billing and the installer task cancelled, the window given back (managers only; audited)',
    description:
      'Any order not already cancelled. The external services are called first, each idempotent; if one fails the order is unchanged (docs/rules/operators.md#acting-on-orders).',
    params: adminOrderParams,
    body: cancelOrderBody,
    emptyBodyAs: {},
    responses: {
      200: { description: 'Cancelled: the order', schema: adminOrderAnswer },
      400: error('invalid_input: the note is longer than 1000 characters'),
      404: notFoundAnswer,
      409: error(
        'already_cancelled; order_in_progress: the order is being placed or another action is working on it',
      ),
      502: error(
        'cancel_failed: billing or the installer task could not be cancelled; the order is unchanged',
      ),
    },
    handler: async (request) => {
      const { id } = request.params;
      await cancelOrder(deps, id, request.body.note, actor(ctx, request));
      return answer(ctx, id);
    },
  });
}

/** Sets where an order's service is after installation. */
function serviceStatusRoute(ctx: AppContext, deps: InstallDeps): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/orders/:id/service',
    operationId: 'setServiceStatus',
    summary:
      "Sets where an order's service is after installation: installed, active or cancelled (managers only; audited)",
    description:
      "A confirmed order only: from nothing to installed (or straight to active) once its installation window has begun, installed to active, either to cancelled. The customer's order page shows it and an `order.service_changed` event goes out (docs/rules/orders.md#service-status).",
    params: adminOrderParams,
    body: serviceStatusBody,
    responses: {
      200: { description: 'Changed: the order', schema: adminOrderAnswer },
      400: error(
        'invalid_input: the status is not installed, active or cancelled, or the note is longer than 1000 characters',
      ),
      404: notFoundAnswer,
      409: error(
        'not_confirmed: the order is not confirmed; unchanged: the service is already so; not_allowed: not a step the service can take from where it is; not_installed_yet: the installation window has not begun; order_in_progress: it changed meanwhile',
      ),
    },
    handler: async (request) => {
      const { id } = request.params;
      await setServiceStatus(deps, id, request.body, actor(ctx, request));
      return answer(ctx, id);
    },
  });
}

/** Mails the customer their order page's link again. */
function mailLinkRoute(ctx: AppContext, deps: InstallDeps): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/orders/:id/link/mail',
    operationId: 'mailOrderLink',
    summary:
      "Mails the customer their order page's link again, in the confirmation (managers only; audited)",
    description:
      'The confirmation mail once more, through the outbox, with a new link; earlier links stay valid. A confirmed order only (docs/rules/operators.md#acting-on-orders).',
    params: adminOrderParams,
    responses: {
      200: { description: 'Queued: the order, its history and mail', schema: adminOrderAnswer },
      404: notFoundAnswer,
      409: error('not_confirmed: the order is not confirmed, so no confirmation is sent'),
    },
    handler: async (request) => {
      const { id } = request.params;
      await resendOrderLink(deps, id, actor(ctx, request));
      return answer(ctx, id);
    },
  });
}

/** A new link to the customer's order page, shown once. */
function showLinkRoute(ctx: AppContext, deps: InstallDeps): AnyRoute {
  return defineAdminRoute(ctx, {
    method: 'POST',
    url: '/admin/api/orders/:id/link',
    operationId: 'showOrderLink',
    summary:
      "A new link to the customer's order page, shown once to the manager (signed-in managers only, no API key; audited)",
    description:
      'Only a hash of a link is kept, so showing one makes a new one; earlier links stay valid. The link is in this answer only (docs/rules/operators.md#acting-on-orders).',
    // A link opens the order for whoever holds it: a person's session, never a key
    // (docs/decisions/026-api-keys.md).
    key: 'session',
    params: adminOrderParams,
    responses: {
      200: { description: 'The new link and the order', schema: adminOrderLinkAnswer },
      404: notFoundAnswer,
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const link = await showOrderLink(deps, id, actor(ctx, request));
      // The link opens the customer's order: no cache keeps it.
      void reply.header('cache-control', 'no-store');
      return { link, order: await answer(ctx, id) };
    },
  });
}
