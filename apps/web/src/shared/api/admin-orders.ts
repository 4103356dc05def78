import {
  adminOrderAnswer,
  adminOrderLinkAnswer,
  adminOrdersAnswer,
  type ServiceStatusBody,
} from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's order calls (docs/rules/operator-console.md#orders). */

const enc = encodeURIComponent;

/** A page of orders; `query` is the search's (q, status, from, to, cursor). */
export const fetchOrders = (query: URLSearchParams) => {
  const search = query.toString();
  return call('GET', `/admin/api/orders${search ? `?${search}` : ''}`, adminOrdersAnswer);
};

export const fetchOrder = (id: string) =>
  call('GET', `/admin/api/orders/${enc(id)}`, adminOrderAnswer);

/** A manager's action on an order; the answer is the order as it now is. */
export const actOnOrder = (id: string, action: 'retry' | 'resolve' | 'cancel', body: unknown) =>
  call('POST', `/admin/api/orders/${enc(id)}/${action}`, adminOrderAnswer, { body });

/** A manager sets where the service is after installation (docs/rules/orders.md#service-status). */
export const setServiceStatus = (id: string, body: ServiceStatusBody) =>
  call('POST', `/admin/api/orders/${enc(id)}/service`, adminOrderAnswer, { body });

/**
 * A manager mails the customer their order page's link again (the confirmation, through the
 * outbox); the answer is the order, its history saying so (docs/rules/operators.md#acting-on-orders).
 */
export const mailOrderLink = (id: string) =>
  call('POST', `/admin/api/orders/${enc(id)}/link/mail`, adminOrderAnswer, { body: {} });

/** A manager is shown a new link to the customer's order page, once, and the order afterwards. */
export const showOrderLink = (id: string) =>
  call('POST', `/admin/api/orders/${enc(id)}/link`, adminOrderLinkAnswer, { body: {} });
