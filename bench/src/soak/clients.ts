import { randomUUID } from 'node:crypto';
import { buildingFlags, isServiceable } from '@fibre/domain/address';
import { addMonths } from 'date-fns/addMonths';
import { demoBuildings, freeSlots, prepareOrder, type Caller } from '@fibre/server/testing';
import { Random } from '../support/random.ts';
import type { Tally } from './plan.ts';

/*
 * The soak's visitors (bench/README.md, "Soak"): each places whole sign-ups one after another as
 * the wizard does (the address looked up, a window held, the card tokenised in the test-mode
 * vault, the install with an Idempotency-Key, through test-support/order.ts's prepareOrder as the
 * orders benchmark does), with a pause between them, until told to stop. Every answer is counted
 * by step and status; an error ends that sign-up and the visitor starts the next. An install that
 * gets no answer or a 5xx is sent again with the same Idempotency-Key (docs/rules/orders.md), to
 * the other instance, as a browser behind a load balancer would be.
 */

export const STEPS = ['address', 'bookings', 'hold', 'vault token', 'install'] as const;

/**
 * The demo catalogue's buildings that take orders online: serviceable and not commercial, as the
 * install decides (apps/server/src/orders/price-order.ts).
 */
const buildings = demoBuildings.filter((b) => {
  const flags = buildingFlags({
    buildingClass: b.building_class,
    buildingType: b.building_type,
    buildingCategory: b.building_category,
  });
  return isServiceable(b.status) && !flags.commercial;
});

export interface Clients {
  tally: Tally;
  /** Install requests answered, by status, with their time (ms). */
  installs: Array<{ status: number; ms: number }>;
  placed: number;
  /** Installs given up after every retry. */
  abandoned: number;
}

interface Target {
  base: string;
}

export async function runClients(options: {
  count: number;
  instances: Target[];
  until: () => boolean;
  tally: Tally;
  pauseMs: [number, number];
}): Promise<Clients> {
  const result: Clients = { tally: options.tally, installs: [], placed: 0, abandoned: 0 };
  // GETs answered once per URL for a while, shared by every visitor: the catalogue as the wizard
  // loads it, and each window listing for 15 s (the wizard refetches on the calendar).
  const kept = new Map<
    string,
    { at: number; answer: Promise<{ status: number; body: unknown }> }
  >();
  const get = (caller: Caller, url: string, ttlMs: number) => {
    const hit = kept.get(url);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = caller('GET', url);
    kept.set(url, { at: Date.now(), answer });
    answer.catch(() => kept.delete(url));
    return answer;
  };
  await Promise.all(
    Array.from({ length: options.count }, async (_, n) => {
      const random = new Random(3300 + n);
      const address = `10.33.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      for (let order = 0; !options.until(); order++) {
        const home = options.instances[(n + order) % options.instances.length]!;
        const other = options.instances[(n + order + 1) % options.instances.length]!;
        await signUp(home, other, address, random).catch(() => undefined);
        const [lo, hi] = options.pauseMs;
        await new Promise((r) => setTimeout(r, random.int(lo, hi)));
      }
    }),
  );
  return result;

  async function signUp(home: Target, other: Target, address: string, random: Random) {
    const { tally } = options;
    const building = buildings[random.int(0, buildings.length - 1)]!;
    const call = recordingCaller(home.base, address, tally);
    const lookup = await call<unknown>('POST', '/api/v1/public/address-lookup', {
      formatted_address: building.formatted_address,
    });
    if (lookup.status !== 200) return;
    // Up to a year ahead, as the orders benchmark spreads its windows.
    const now = addMonths(new Date(), 3 * random.int(0, 3));
    const caller: Caller = (async (method, url, payload) => {
      if (method !== 'GET') return call(method, url, payload);
      const ttl = url.includes('/bookings/') ? 15_000 : 3_600_000;
      const answer = await get(call, url, ttl);
      if (url.includes('/bookings/')) tally.add('bookings', answer.status);
      return answer;
    }) as Caller;
    const slots = await freeSlots(caller, building.state, now);
    if (slots.length === 0) return;
    const { body } = await prepareOrder(
      caller,
      { code: building.code, slotIndex: random.int(0, slots.length - 1) },
      now,
    );
    const key = randomUUID();
    for (let attempt = 0; attempt < 4; attempt++) {
      const target = attempt % 2 === 0 ? home : other;
      const t0 = performance.now();
      let status: number | undefined;
      try {
        const res = await fetch(`${target.base}/api/v1/demo/install`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': key,
            'x-forwarded-for': address,
          },
          body: JSON.stringify(body),
        });
        const answer = (await res.json().catch(() => undefined)) as { error?: string } | undefined;
        status = res.status;
        result.installs.push({ status, ms: performance.now() - t0 });
        tally.add('install', answer?.error ? `${status} ${answer.error}` : status);
      } catch {
        tally.add('install', 'network error');
      }
      if (status === 201) {
        result.placed += 1;
        return;
      }
      if (status !== undefined && status < 500) return;
      await new Promise((r) => setTimeout(r, 1_000 * (attempt + 1)));
    }
    result.abandoned += 1;
  }
}

/** Calls one instance from one visitor's address, counting each answer under its step. */
function recordingCaller(base: string, address: string, tally: Tally): Caller {
  return (async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const step = url.includes('/reservations')
      ? 'hold'
      : url.includes('/tokens')
        ? 'vault token'
        : url.includes('address-lookup')
          ? 'address'
          : undefined;
    let res: Response;
    try {
      res = await fetch(`${base}${url}`, {
        method,
        headers: {
          'x-forwarded-for': address,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
    } catch (error) {
      if (step) tally.add(step, 'network error');
      else if (url.includes('/bookings/')) tally.add('bookings', 'network error');
      throw error;
    }
    const body: unknown = await res.json().catch(() => undefined);
    const error = res.ok ? undefined : (body as { error?: unknown } | undefined)?.error;
    if (step) tally.add(step, typeof error === 'string' ? `${res.status} ${error}` : res.status);
    return { status: res.status, body };
  }) as Caller;
}
