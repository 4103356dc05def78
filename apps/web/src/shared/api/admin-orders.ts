import { adminOrderAnswer, adminOrdersAnswer } from '@fibre/domain/api';
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
