import {
  bookingSlotsAnswer,
  campaignAnswer,
  cardTokenAnswer,
  couponAnswer,
  leadCreatedAnswer,
  orderPlacedAnswer,
  plansAnswer,
  reservationAnswer,
  routersAnswer,
  type BookingWindow,
  type CardTokenBody,
  type CouponBody,
  type InstallBody,
  type ReservationBody,
} from '@fibre/domain';
import { holdSessionHeader } from '../hold/hold-session.ts';
import { del, get, noBody, post, type RequestOptions } from './client.ts';

/*
 * The calls made after the first screen, by path (docs/rules/api.md): the later steps', the offers'
 * and the lead forms', each answer parsed with its schema (packages/domain/src/api). Apart from
 * endpoints.ts (the first screen's) so that only the chunks that make them load their schemas.
 */

type Options = Omit<RequestOptions, 'body'>;
const enc = encodeURIComponent;

export type { CardTokenBody, CouponBody, ReservationBody };

export const fetchPlans = (buildingCode: string, o?: Options) =>
  get(`/api/v1/public/plans?building-code=${enc(buildingCode)}`, plansAnswer, o);

export const fetchRouters = (o?: Options) => get('/api/v1/public/routers', routersAnswer, o);

export const fetchBuildingCampaign = (code: string, o?: Options) =>
  get(`/api/v1/public/building/${enc(code)}/campaign`, campaignAnswer, o);

export const validateCoupon = (provider: string, body: CouponBody, o?: Options) =>
  post(`/api/v1/${enc(provider)}/coupon`, body, couponAnswer, o);

export const checkReferral = (provider: string, code: string, o?: Options) =>
  get(`/api/v1/${enc(provider)}/referral/${enc(code)}`, couponAnswer, o);

export interface LeadBody {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  formatted_address: string;
  message?: string;
}

export const createLead = (body: LeadBody, o?: Options) =>
  post('/api/v1/public/leads', body, leadCreatedAnswer, o);

/** Free installation slots of a state, one per free crew (the wizard de-duplicates by start). */
export const fetchBookingSlots = (
  provider: string,
  state: string,
  { from, to }: BookingWindow,
  o?: Options,
) =>
  get(
    `/api/v1/${enc(provider)}/bookings/${enc(state)}?from=${enc(from)}&to=${enc(to)}`,
    bookingSlotsAnswer,
    o,
  );

/**
 * Holds a slot's window; 409 'reservation taken' when it is full, 429 with a message to show when
 * this address holds or asks too much. Under the tab's hold session, so it releases the one before.
 */
export const createReservation = (provider: string, body: ReservationBody, o?: Options) =>
  post(`/api/v1/${enc(provider)}/reservations`, body, reservationAnswer, {
    ...o,
    headers: { ...o?.headers, ...holdSessionHeader() },
  });

/** Releases a held window; releasing twice is harmless. Only the hold's session may. */
export const releaseReservation = (provider: string, reservationId: string, o?: Options) =>
  del(`/api/v1/${enc(provider)}/reservations/${enc(reservationId)}`, noBody, {
    ...o,
    headers: { ...o?.headers, ...holdSessionHeader() },
  });

/** The test-mode card vault (only when no Chargebee site is configured). */
export const createTestVaultToken = (body: CardTokenBody, o?: Options) =>
  post('/api/v1/test-vault/tokens', body, cardTokenAnswer, o);

/** Places the order; the same Idempotency-Key and body answer the first result again. */
export const placeInstall = (
  provider: string,
  body: InstallBody,
  idempotencyKey: string,
  o?: Options,
) =>
  post(`/api/v1/${enc(provider)}/install`, body, orderPlacedAnswer, {
    ...o,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
