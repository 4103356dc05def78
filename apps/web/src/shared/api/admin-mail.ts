import { adminMailAnswer } from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's mail calls (docs/rules/operator-console.md): the outbox, all or one order's. */

const enc = encodeURIComponent;

export const fetchMail = (cursor?: string) =>
  call('GET', `/admin/api/mail${cursor ? `?cursor=${enc(cursor)}` : ''}`, adminMailAnswer);

export const fetchOrderMail = (orderId: string) =>
  call('GET', `/admin/api/mail?limit=100&orderId=${enc(orderId)}`, adminMailAnswer);
