import {
  addressLookupAnswer,
  bookingSlotsAnswer,
  buildingFoundAnswer,
  campaignAnswer,
  cardTokenAnswer,
  couponAnswer,
  leadCreatedAnswer,
  orderPlacedAnswer,
  plansAnswer,
  predictionsAnswer,
  publicConfigAnswer,
  reservationAnswer,
  routersAnswer,
  type AddressLookupBody,
  type BookingWindow,
  type CardTokenBody,
  type CouponBody,
  type InstallBody,
  type ReservationBody,
} from '@fibre/domain';
import { holdSessionHeader } from '../hold/hold-session.ts';
import { del, get, noBody, post, type RequestOptions } from './client.ts';

/*
 * Every call the wizard makes, by path (docs/rules/api.md), each answer parsed with its schema
 * (packages/domain/src/api); the domain's rules decide what they mean.
 */

type Options = Omit<RequestOptions, 'body'>;
const enc = encodeURIComponent;

export type { Building, Prediction, PublicConfig } from '@fibre/domain';
export type { AddressLookupBody, CardTokenBody, CouponBody, ReservationBody };

export const fetchPublicConfig = (o?: Options) =>
  get('/api/v1/public/config', publicConfigAnswer, o);

export const fetchAddressPredictions = (text: string, limit: number, o?: Options) =>
  get(`/api/v1/public/addresses?q=${enc(text)}&limit=${limit}`, predictionsAnswer, o);

export const lookupAddress = (body: AddressLookupBody, o?: Options) =>
  post('/api/v1/public/address-lookup', body, addressLookupAnswer, o);

export const searchBuilding = (address: string, o?: Options) =>
  post('/portal/api/v1/buildings/search', { address }, buildingFoundAnswer, o);

export const fetchBuilding = (id: string, o?: Options) =>
  get(`/portal/api/v1/buildings/${enc(id)}`, buildingFoundAnswer, o);

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
