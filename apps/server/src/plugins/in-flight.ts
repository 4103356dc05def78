import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Address6 } from 'ip-address';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { Refusal } from '../http/errors.ts';

/**
 * Requests one client address may have running at once on a costly route
 * (docs/decisions/021-autocomplete-bounds.md): the next answers 429 with Retry-After, before any
 * work, and only once that second has passed, so a client that asks again at once asks no faster
 * than once a second per connection. The client is who the rate limits count (docs/decisions/010-limits.md): the
 * socket's address unless TRUST_PROXY says otherwise, IPv6 by its /64. Counts are this process's:
 * a request runs on one instance.
 */

interface InFlightLimit {
  /** The group's name in the rate-limited metric. */
  group: string;
  routes: readonly `${'GET' | 'POST'} ${string}`[];
  max: (limits: Config['limits']) => number;
  message: string;
}

export const inFlightLimits: readonly InFlightLimit[] = [
  {
    group: 'autocomplete',
    routes: ['GET /api/v1/public/addresses'],
    max: (l) => l.autocompletePerClient,
    message: 'Too many address searches at once from this address: please try again in a moment',
  },
];

/** A running request frees its place within a second or so; the visitor types on meanwhile. */
const RETRY_AFTER_SECONDS = 1;

/** The client as the rate limits count it: IPv4 as is, IPv6 by its /64 (a host rotates within). */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.is4()) return address.to4().correctForm();
  return new Address6(`${ip}/64`).startAddress().correctForm();
}

/** Registers the limits; call before the routes, whose registration picks them up. */
export function registerInFlightLimits(
  app: FastifyInstance,
  config: Config,
  metrics: Metrics,
): void {
  const byRoute = new Map<string, InFlightLimit>();
  for (const limit of inFlightLimits) for (const route of limit.routes) byRoute.set(route, limit);
  const counters = new Map(inFlightLimits.map((limit) => [limit.group, new Map<string, number>()]));
  // The requests counted, so each frees its place once, whichever hook comes first.
  const counted = new WeakMap<FastifyRequest, string>();

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limit = methods
      .map((method) => byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${route.url}`))
      .find(Boolean);
    if (!limit) return;
    const running = counters.get(limit.group)!;
    const max = limit.max(config.limits);
    const release = async (request: FastifyRequest) => {
      const key = counted.get(request);
      if (key === undefined) return;
      counted.delete(request);
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    };
    const hook = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = clientKey(request.ip);
      const now = running.get(key) ?? 0;
      if (now >= max) {
        void reply.header('retry-after', RETRY_AFTER_SECONDS);
        metrics.rateLimited(limit.group);
        // Held, not worked on: a timer per refused request, while the searches let through run.
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_SECONDS * 1000));
        throw new Refusal('rate_limited', 'rate_limited', limit.message);
      }
      running.set(key, now + 1);
      counted.set(request, key);
    };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), hook];
    // onSend runs when the handler has answered (a client that hangs up does not free its place
    // while its search still runs); onResponse covers an answer that never reached onSend.
    route.onSend = [
      ...(route.onSend ? [route.onSend].flat() : []),
      async (request, _reply, payload) => {
        await release(request);
        return payload;
      },
    ];
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), release];
  });
}
