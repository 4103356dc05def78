import type { BookingSlot, Plan, Router } from '@fibre/domain/api';
import {
  buildExtraFields,
  buildInstallBody,
  toTemplateExtraFields,
  type InstallBody,
} from '@fibre/domain/install';
import { monthlyCharge, type AddOn } from '@fibre/domain/pricing';
import { bookingMonthWindow, monthKeyOf, stateTimeZone } from '@fibre/domain/scheduling';
import type { DomainConfig } from '@fibre/domain/shared';
import { addMonths } from 'date-fns/addMonths';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { demoBuildings } from './demo-catalogue.ts';

export interface OrderOptions {
  code?: string;
  card?: string;
  planName?: string;
  routerName?: string;
  staticIp?: boolean;
  couponId?: string | null;
  couponType?: 1 | 2 | 3 | 4 | null;
  unit?: string;
  /** Which free slot to take (0 = the first). */
  slotIndex?: number;
  /** Hold a window of this state instead of the building's (a lying client's body). */
  slotState?: string;
  /** A card token from elsewhere (Chargebee.js); without it the test-mode vault makes one. */
  cardToken?: string;
  /** The marketing box ticked (Marketing Emails YES). */
  marketing?: boolean;
  /** The visitor's contact details, over Jane Citizen's. */
  contact?: Partial<{ firstName: string; lastName: string; email: string; phone: string }>;
}

/** Calls the API in-process (inject) or over HTTP (a server in another process). */
export type Caller = <T>(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => Promise<{ status: number; body: T }>;

export const injectCaller =
  (app: FastifyInstance): Caller =>
  async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as T };
  };

export const fetchCaller =
  (base: string): Caller =>
  async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await fetch(`${base}${url}`, {
      method,
      ...(payload
        ? { body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
        : {}),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

const callerOf = (target: FastifyInstance | Caller): Caller =>
  typeof target === 'function' ? target : injectCaller(target);

/** Free slots for a state over the next three months, as the wizard would load them. */
export async function freeSlots(
  target: FastifyInstance | Caller,
  state: string,
  now = new Date(),
): Promise<BookingSlot[]> {
  const json = callerOf(target);
  const zone = stateTimeZone(state);
  const month = monthKeyOf(now, zone);
  const { from } = bookingMonthWindow(month, zone);
  const { from: to } = bookingMonthWindow(monthKeyOf(addMonths(new Date(from), 3), zone), zone);
  const res = await json<{ booking_slots: BookingSlot[] }>(
    'GET',
    `/api/v1/demo/bookings/${state}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  if (res.status !== 200) throw new Error(`bookings answered ${res.status}`);
  return res.body.booking_slots;
}

/** Holds a slot, tokenises a card and builds the install body the wizard would send. */
export async function prepareOrder(
  target: FastifyInstance | Caller,
  options: OrderOptions = {},
  now = new Date(),
): Promise<{ body: InstallBody; slot: BookingSlot }> {
  const json = callerOf(target);
  const building = demoBuildings.find((b) => b.code === (options.code ?? 'G1A2B3'))!;
  const plans = (await json<Plan[]>('GET', '/api/v1/public/plans')).body;
  const routers = (await json<Router[]>('GET', '/api/v1/public/routers')).body;
  // The catalogue's prices, as the wizard gets them.
  const rules = (await json<{ domain: DomainConfig }>('GET', '/api/v1/public/config')).body.domain;
  const plan = plans.find((p) => p.name === (options.planName ?? 'Boost 100'))!;
  const router = routers.find((r) => r.name === (options.routerName ?? 'Wi-Fi 6 Router'))!;
  const slots = await freeSlots(json, options.slotState ?? building.state, now);
  const slot = slots[options.slotIndex ?? 0]!;
  const held = await json<{ reservation_id: string; event_id: string; expires_at: string }>(
    'POST',
    '/api/v1/demo/reservations',
    {
      booking_id: slot.booking_id,
      start: slot.start,
      end: slot.end,
    },
  );
  if (held.status !== 201) throw new Error(`hold answered ${held.status}`);
  let cardToken = options.cardToken;
  if (cardToken === undefined) {
    const token = await json<{ token: string }>('POST', '/api/v1/test-vault/tokens', {
      number: options.card ?? '4111 1111 1111 1111',
      expiry_month: 12,
      expiry_year: 2030,
      cvv: '123',
      name: 'Jane Citizen',
    });
    if (token.status !== 201) throw new Error(`vault answered ${token.status}`);
    cardToken = token.body.token;
  }
  const addOns: AddOn[] = [];
  if (options.staticIp) addOns.push('static-ip');
  if (building.building_category === 'greenfield') addOns.push('new-development-fee');
  const fields = buildExtraFields(
    {
      buildingCode: building.code,
      termsAgreed: true,
      marketing: options.marketing ?? false,
      rsp: 'demo',
      speed: plan.speed,
      howDidYouHear: 'Search Engine',
      promoCode: options.couponId ?? null,
      referralCode: null,
      routerName: router.name,
      monthlyCost: monthlyCharge({ plan, router, addOns }, rules),
      addOns,
    },
    rules,
  );
  const body = buildInstallBody({
    reservation: held.body,
    slot,
    contact: {
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com',
      phone: '0412345678',
      ...options.contact,
    },
    address: {
      formatted_address: building.formatted_address,
      street_number: building.street_number,
      street: building.street,
      suburb: building.suburb,
      state: building.state,
      postcode: building.postcode,
      unit: options.unit ?? (building.building_class === 'mdu' ? '12' : ''),
      uniqueCode: building.code,
    },
    extraFields: toTemplateExtraFields(fields),
    planId: plan.id,
    cardToken,
    coupon: options.couponId
      ? { coupon_id: options.couponId, coupon_type: options.couponType ?? 1 }
      : null,
    router,
    addOns,
  });
  return { body, slot };
}

/** How many orders the database holds: a refused install must leave it as it was. */
export async function orderCount(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
