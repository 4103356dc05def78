import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * The rate-limit counts: in Redis when REDIS_URL is set and Redis answers, so every instance
 * counts against one budget; in this process otherwise. Redis going away must neither stall
 * requests nor let them through uncounted (docs/decisions/010-limits.md): while Redis is not
 * connected the counts are kept here at once (no offline queue, no waiting on a reconnect), a
 * warning is logged once per outage, and counting goes back to Redis when it is ready again.
 */

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Fixed windows, as Redis's INCR + PEXPIRE below; the oldest keys go first past the cap. */
const MAX_LOCAL_KEYS = 20_000;

const incrScript = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

interface LimitRedis extends Redis {
  fibreRateLimit(
    key: string,
    timeWindow: number,
    cb: (err: Error | null, res?: number[]) => void,
  ): void;
}

/** A Redis client that fails fast: a command while disconnected errors at once, never queues. */
export function rateLimitRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // A Redis that accepts but does not answer costs a request this much, once.
    commandTimeout: 500,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  redis.defineCommand('fibreRateLimit', { numberOfKeys: 1, lua: incrScript });
  return redis;
}

/** Resolves once the first connection attempt has either succeeded or failed (bounded). */
export function firstConnection(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once('ready', done);
    redis.once('error', done);
  });
}

/** The store class @fastify/rate-limit instantiates; children count under their own prefix. */
export function resilientStore(
  redis: Redis | undefined,
  prefix: string,
  log: FastifyBaseLogger,
  where: string,
): FastifyRateLimitStoreCtor {
  const local = new Map<string, { current: number; resetAt: number }>();
  let warned = false;
  const outage = (reason: string) => {
    if (warned) return;
    warned = true;
    log.warn(
      { redis: where, reason },
      'Redis (REDIS_URL) is unreachable: rate limits are counted in this process until it returns',
    );
  };
  if (redis) {
    // Without a listener ioredis prints every failed reconnect to the console.
    redis.on('error', (err: Error) => outage(err.message));
    redis.on('close', () => outage('connection closed'));
    redis.on('ready', () => {
      if (warned) log.info({ redis: where }, 'Redis (REDIS_URL) is back: rate limits are shared');
      warned = false;
    });
  }

  const countHere = (key: string, timeWindow: number, cb: Callback) => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      local.delete(key);
      entry = { current: 0, resetAt: now + timeWindow };
      if (local.size >= MAX_LOCAL_KEYS) local.delete(local.keys().next().value!);
      local.set(key, entry);
    }
    entry.current += 1;
    cb(null, { current: entry.current, ttl: entry.resetAt - now });
  };

  class Store implements FastifyRateLimitStore {
    // @fastify/rate-limit constructs the root with its settings, which this store does not need.
    constructor(
      _settings?: unknown,
      private readonly keyPrefix = prefix,
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      const full = this.keyPrefix + key;
      if (!redis || redis.status !== 'ready') {
        if (redis) outage(`connection ${redis.status}`);
        countHere(full, timeWindow, cb);
        return;
      }
      (redis as LimitRedis).fibreRateLimit(full, timeWindow, (err, res) => {
        if (err || !res) {
          outage(err?.message ?? 'no answer');
          countHere(full, timeWindow, cb);
          return;
        }
        cb(null, { current: Number(res[0]), ttl: Number(res[1]) });
      });
    }

    /** A per-route limit (plugins/rate-limits.ts names each group) counts apart from the rest. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { groupId } = options as { groupId?: string };
      return new Store(undefined, `${this.keyPrefix}${groupId ?? 'route'}:`);
    }
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}
