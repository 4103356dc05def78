import { adminFunnelAnswer } from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's funnel (docs/rules/funnel.md); the CSV is a plain link to the same query. */

export interface FunnelPeriod {
  from: string;
  to: string;
  building: string;
  campaign: string;
}

/** The query string of a period, the filters left out when empty. */
export function funnelQuery({ from, to, building, campaign }: FunnelPeriod): string {
  const query = new URLSearchParams({ from, to });
  if (building.trim()) query.set('building', building.trim());
  if (campaign.trim()) query.set('campaign', campaign.trim());
  return query.toString();
}

export const fetchFunnel = (period: FunnelPeriod) =>
  call('GET', `/admin/api/funnel?${funnelQuery(period)}`, adminFunnelAnswer);
