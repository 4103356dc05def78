import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { Refusal } from '../http/errors.ts';
import { bearerOf } from '../http/bearer.ts';
import { firstConnection, rateLimitRedis, resilientStore } from './rate-limit-store.ts';

/**
 * The request limits (docs/decisions/010-limits.md): RATE_LIMIT_PER_MINUTE over every API route
 * but the health checks, PAGES_PER_MINUTE over the pages and the files of their build, and on top
 * of the API's a tighter budget for the routes an attacker would repeat
 * (guessing codes, hoarding installation windows, testing cards, flooding leads and orders).
 * Every count is per client address, which is the socket's unless TRUST_PROXY names the proxies
 * allowed to say otherwise, but for API keys' own budgets, per key (docs/rules/operators.md#api-keys).
 * Counts are shared through Redis when REDIS_URL is set.
 */

interface RouteLimit {
  /** Counted together: one budget for every route of the group. */
  group: string;
  routes: readonly `${'GET' | 'POST'} ${string}`[];
  perMinute: (limits: Config['limits']) => number;
  message: string;
}

const tryLater = 'please wait a minute and try again';

/** Sign-in attempts per minute per client address (docs/rules/operators.md#signing-in). */
export const SIGN_INS_PER_MINUTE = 10;
/** Setup attempts a minute per client address (docs/rules/operators.md#the-first-manager). */
export const SETUP_ATTEMPTS_PER_MINUTE = 10;

export const routeLimits: readonly RouteLimit[] = [
  {
    group: 'codes',
    routes: [
      'POST /api/v1/:provider/coupon',
      'GET /api/v1/:provider/coupon/:code',
      'GET /api/v1/:provider/referral/:code',
    ],
    perMinute: (l) => l.codeChecksPerMinute,
    message: `Too many code checks from this address: ${tryLater}`,
  },
  {
    // Asking unit after unit whether it is connected (docs/rules/contact-and-connection.md#the-buildings-units):
    // the code checks' budget, counted on its own.
    group: 'unit-checks',
    routes: ['GET /api/v1/public/building/:code/units/:unit'],
    perMinute: (l) => l.codeChecksPerMinute,
    message: `Too many unit checks from this address: ${tryLater}`,
  },
  {
    group: 'holds',
    // Renewing a hold counts as holding (docs/rules/installation-and-holds.md#extending-a-hold).
    routes: [
      'POST /api/v1/:provider/reservations',
      'POST /api/v1/:provider/reservations/:reservation_id/extend',
    ],
    perMinute: (l) => l.holdsPerMinute,
    message: `Too many installation times held from this address: ${tryLater}`,
  },
  {
    group: 'leads',
    routes: ['POST /api/v1/public/leads'],
    perMinute: (l) => l.leadsPerMinute,
    message: `Too many enquiries from this address: ${tryLater}`,
  },
  {
    group: 'card-tokens',
    routes: ['POST /api/v1/test-vault/tokens'],
    perMinute: (l) => l.cardTokensPerMinute,
    message: `Too many card checks from this address: ${tryLater}`,
  },
  {
    // Direct debit's bank accounts, as cards: account testing needs many (docs/decisions/010-limits.md).
    group: 'bank-accounts',
    routes: ['POST /api/v1/test-vault/bank-accounts'],
    perMinute: (l) => l.cardTokensPerMinute,
    message: `Too many bank account checks from this address: ${tryLater}`,
  },
  {
    group: 'installs',
    routes: ['POST /api/v1/:provider/install'],
    perMinute: (l) => l.installsPerMinute,
    message: `Too many orders from this address: ${tryLater}`,
  },
  {
    // docs/rules/order-page.md#limits: every call; a token that opens nothing counts again, harder
    // (orderPageMisses).
    group: 'order-page',
    routes: [
      'GET /api/v1/public/orders/:token',
      'POST /api/v1/public/orders/:token/reschedule',
      'POST /api/v1/public/orders/:token/cancel',
    ],
    perMinute: (l) => l.orderPagePerMinute,
    message: `Too many order page requests from this address: ${tryLater}`,
  },
  {
    // docs/rules/funnel.md: the wizard's reports of the steps reached.
    group: 'funnel',
    routes: ['POST /api/v1/public/funnel'],
    perMinute: (l) => l.funnelReportsPerMinute,
    message: `Too many funnel reports from this address: ${tryLater}`,
  },
  {
    // Finish later (docs/rules/mail.md#finish-later): each call mails someone, as a lead does; and
    // a link's token is guessed no faster than an order page's. A new link for a used or expired
    // one mails too: the same budget.
    group: 'finish-later',
    routes: [
      'POST /api/v1/:provider/signups/finish-later',
      'POST /api/v1/:provider/signups/remind-me',
      'POST /api/v1/public/signups/new-link/:token',
    ],
    perMinute: (l) => l.leadsPerMinute,
    message: `Too many links asked for from this address: ${tryLater}`,
  },
  {
    group: 'signup-links',
    routes: [
      'POST /api/v1/public/signups/resume/:token',
      'POST /api/v1/public/signups/withdraw/:token',
      'GET /api/v1/public/unsubscribe/:token',
      'POST /api/v1/public/unsubscribe/:token',
    ],
    perMinute: (l) => l.orderPagePerMinute,
    message: `Too many link requests from this address: ${tryLater}`,
  },
  {
    // Password guessing: a fixed budget per address (docs/rules/operators.md); the account lock
    // stops guesses at one account from many addresses.
    group: 'sign-in',
    // The identity service's callback costs a token request to the issuer: the same budget.
    routes: ['POST /admin/api/session', 'GET /admin/api/sign-in/oidc/callback'],
    perMinute: () => SIGN_INS_PER_MINUTE,
    message: `Too many sign-in attempts from this address: ${tryLater}`,
  },
  {
    // Setup code guessing (docs/rules/operators.md#the-first-manager).
    group: 'setup',
    routes: ['POST /admin/api/setup'],
    perMinute: () => SETUP_ATTEMPTS_PER_MINUTE,
    message: `Too many setup attempts from this address: ${tryLater}`,
  },
];

/**
 * The API's paths (010-limits.md): these count against RATE_LIMIT_PER_MINUTE. Every other route
 * is a page (the wizard's `/`, the console's `/admin`, the order page's `/order/{token}`) or a
 * file of their build (`/assets/...`), counted against PAGES_PER_MINUTE instead: one page load is
 * the page and tens of files, and visitors behind one address share its budgets.
 */
export const isApiPath = (url: string): boolean =>
  /^\/(api|portal|admin\/api)(\/|$)/.test(url) || url === '/metrics';

/**
 * Fastify's trustProxy for TRUST_PROXY. This Fastify trusts no hop for a bare number (it cannot
 * check the peer), so a hop count becomes the proxy-addr rule it stands for: the nearest n hops
 * are proxies. That holds only when the server is reachable through those proxies alone; naming
 * the proxies' addresses holds everywhere (README, configuration).
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Registers the limits; call before the routes, whose registration picks up their limits. */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  metrics: Metrics,
): Promise<void> {
  let where = '';
  const redis = config.keys.REDIS_URL ? rateLimitRedis(config.keys.REDIS_URL) : undefined;
  if (redis) {
    const url = new URL(config.keys.REDIS_URL!);
    where = url.host;
    app.addHook('onClose', async () => {
      // A shutdown is not an outage: no warning for the connection it closes.
      redis.removeAllListeners('close');
      redis.disconnect();
    });
  }
  const store = resilientStore(redis, `rl:${config.provider.code}:`, app.log, where);
  // Start counting in Redis from the first request, not after a reconnect.
  if (redis) await firstConnection(redis);

  // Before the plugin's own onRoute hook, which reads each route's rateLimit: a page's route gets
  // the pages' budget in place of the API's.
  const pages = {
    max: config.pagesPerMinute,
    timeWindow: 60_000,
    groupId: 'pages',
    errorResponseBuilder: () => {
      metrics.rateLimited('pages');
      return new Refusal(
        'rate_limited',
        'rate_limited',
        `Too many page loads from this address: ${tryLater}`,
      );
    },
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit === undefined && !isApiPath(route.url))
      route.config = { ...route.config, rateLimit: pages };
  });

  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    store,
    errorResponseBuilder: () => {
      metrics.rateLimited('global');
      return new Refusal('rate_limited', 'rate_limited', 'Too many requests');
    },
  });

  // Each API key its own budget (docs/rules/operators.md#api-keys), counted by the key's hash on
  // top of the address's: a made-up key still spends its address's budget.
  const perKey = apiKeyLimitHook(app, config.apiKeyRequestsPerMinute, metrics);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/admin/api/')) return;
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), perKey];
  });

  const byRoute = new Map<string, RouteLimit>();
  for (const limit of routeLimits) for (const route of limit.routes) byRoute.set(route, limit);
  const hooks = new Map(
    routeLimits.map((limit) => [limit.group, routeLimitHook(app, limit, config.limits, metrics)]),
  );
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD runs the GET handler, so it answers the same question and counts the same.
      const limit = byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${route.url}`);
      if (!limit) continue;
      const hook = hooks.get(limit.group)!;
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), hook];
      return;
    }
  });
}

function routeLimitHook(
  app: FastifyInstance,
  limit: RouteLimit,
  limits: Config['limits'],
  metrics: Metrics,
): onRequestHookHandler {
  // groupId is not in createRateLimit's types, but reaches the store's child (rate-limit-store.ts),
  // which counts the group under its own name.
  const options = { max: limit.perMinute(limits), timeWindow: 60_000, groupId: limit.group };
  const check = app.createRateLimit(options);
  return async (request: FastifyRequest, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', result.ttlInSeconds);
    metrics.rateLimited(limit.group);
    throw new Refusal('rate_limited', 'rate_limited', limit.message);
  };
}

/** API_KEY_REQUESTS_PER_MINUTE per key, counted by the key's SHA-256 (its text is never stored). */
function apiKeyLimitHook(
  app: FastifyInstance,
  perMinute: number,
  metrics: Metrics,
): onRequestHookHandler {
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    groupId: 'api-keys',
    keyGenerator: (request) => createHash('sha256').update(bearerOf(request)!).digest('hex'),
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
  return async (request: FastifyRequest, reply) => {
    if (bearerOf(request) === undefined) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', result.ttlInSeconds);
    metrics.rateLimited('api-keys');
    throw new Refusal(
      'rate_limited',
      'rate_limited',
      `Too many requests with this API key: ${tryLater}`,
    );
  };
}

/**
 * The order page's second budget (docs/rules/order-page.md#limits): a token that opens no order
 * counts here too, ORDER_PAGE_MISSES_PER_MINUTE per client address, so guessing stops long before
 * the page's own budget. `miss(request, reply)` counts one and throws 429, with Retry-After, once
 * the budget is spent.
 */
export function orderPageMisses(
  app: FastifyInstance,
  limits: Config['limits'],
  metrics: Metrics,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const options = {
    max: limits.orderPageMissesPerMinute,
    timeWindow: 60_000,
    groupId: 'order-page-misses',
  };
  const check = app.createRateLimit(options);
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', result.ttlInSeconds);
    metrics.rateLimited('order-page-misses');
    throw new Refusal(
      'rate_limited',
      'rate_limited',
      `Too many order links that open no order from this address: ${tryLater}`,
    );
  };
}
