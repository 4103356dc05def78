import autocannon from 'autocannon';
import { demoBuildings } from '@fibre/server/testing';
import { load, type LoadResult } from './load.ts';

/**
 * Broad prefixes as an attacker would send them (issue 18): common words alone, a bare number,
 * and the prefixes that match tens of thousands of addresses.
 */
export const broadPrefixes = ['Street', 'Road', 'NSW', '1 ', 'Gre', 'Mar', 'High ', '114 ', 'Qld '];

/** Connections of the flood, all from one client address, as the issue tried it. */
export const FLOOD_CONNECTIONS = 50;
/** Connections asking for plans: a few visitors at once. */
export const PLANS_CONNECTIONS = 4;

export interface FloodResult {
  plansAlone: LoadResult;
  plansDuring: LoadResult;
  flood: { rps: number; answers: Record<string, number> };
}

const plans = {
  method: 'GET' as const,
  paths: demoBuildings.map((b) => `/api/v1/public/plans?building-code=${b.code}`),
};

/**
 * Plans' latency alone, then again while FLOOD_CONNECTIONS keep-alive connections ask the
 * autocomplete for broad prefixes without pause (started first, ended after plans' load).
 */
export async function floodBesidePlans(base: string, seconds: number): Promise<FloodResult> {
  const plansAlone = await load(base, plans, seconds, PLANS_CONNECTIONS);
  // In a worker thread of its own: on the bench's main thread the flood's client would slow the
  // plans' client, and its p99 would measure the load generator rather than the server.
  const flooding = autocannon({
    url: base,
    connections: FLOOD_CONNECTIONS,
    duration: seconds + 2,
    workers: 1,
    requests: broadPrefixes.map((q) => ({
      method: 'GET' as const,
      path: `/api/v1/public/addresses?q=${encodeURIComponent(q)}`,
    })),
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const plansDuring = await load(base, plans, seconds, PLANS_CONNECTIONS);
  const flood = await flooding;
  const answers: Record<string, number> = {};
  for (const [status, stats] of Object.entries(flood.statusCodeStats ?? {})) {
    answers[status] = stats.count ?? 0;
  }
  // No answer within autocannon's 10 s, or a broken connection.
  if (flood.timeouts) answers['timed out'] = flood.timeouts;
  if (flood.errors) answers.errors = flood.errors;
  return { plansAlone, plansDuring, flood: { rps: flood.requests.average, answers } };
}
