import { orderPageAnswer, type ReservationBody } from '@fibre/domain/api';
import { get, post } from './client.ts';

/*
 * The order page's calls (docs/rules/order-page.md): the token from the page's path, sent back as
 * it came (base64url needs no encoding; anything else is encoded and answered 404).
 */

const path = (token: string) => `/api/v1/public/orders/${encodeURIComponent(token)}`;

export const fetchOrder = (token: string, signal?: AbortSignal) =>
  get(path(token), orderPageAnswer, signal ? { signal } : {});

export const rescheduleOrder = (token: string, body: ReservationBody) =>
  post(`${path(token)}/reschedule`, body, orderPageAnswer);

export const cancelOrder = (token: string) => post(`${path(token)}/cancel`, {}, orderPageAnswer);
