import { adminHoldsAnswer } from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's hold calls (docs/rules/operator-console.md). */

export const fetchHolds = () => call('GET', '/admin/api/holds', adminHoldsAnswer);

export const releaseHold = (id: string) =>
  call('DELETE', `/admin/api/holds/${encodeURIComponent(id)}`, null);
