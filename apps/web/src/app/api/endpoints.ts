import type {
  AddressLookupAnswer,
  BookingSlot,
  BookingWindow,
  Campaign,
  DomainConfig,
  InstallBody,
  Place,
  Plan,
  Reservation,
  Router,
} from '@fibre/domain';
import { holdSessionHeader } from '../hold/hold-session.ts';
import { del, get, post, type RequestOptions } from './client.ts';

/*
 * Every call the wizard makes, by path (docs/rules/api.md). Answers are returned raw; the
 * domain's rules decide what they mean.
 */

type Options = Omit<RequestOptions, 'body'>;
const enc = encodeURIComponent;

export interface PublicConfig {
  provider: string;
  providerName: string;
  supportPhone: string;
  supportEmail: string;
  billingPortalUrl: string;
  brandColour: string;
  holdSeconds: number;
  navigation: { label: string; href: string }[];
  socialLinks: { label: string; href: string }[];
  adapters: {
    addressSearch: 'embedded' | 'google-places';
    cardTokeniser: 'test-vault' | 'chargebee';
    leadForm: 'embedded' | 'hubspot';
  };
  /** The browser-side services that are on, with their public identifiers (never a secret). */
  services: {
    maps?: { apiKey: string };
    chargebee?: { site: string; publishableKey: string };
    hubspot?: { portalId: string; formId: string };
    gtm?: { id: string };
    /** Rollbar's client (post_client_item) token: production only. */
    rollbar?: { accessToken: string; endpoint: string; environment: 'production' };
  };
  environment: 'development' | 'production' | 'test';
  /** The catalogue's rules and prices: the same ones the server decides the order with. */
  domain: DomainConfig;
}

export const fetchPublicConfig = (o?: Options) => get<PublicConfig>('/api/v1/public/config', o);

export interface Prediction extends Place {
  place_id: string;
  description: string;
}

export const fetchAddressPredictions = (text: string, limit: number, o?: Options) =>
  get<{ predictions: Prediction[] }>(`/api/v1/public/addresses?q=${enc(text)}&limit=${limit}`, o);

export interface AddressLookupBody {
  formatted_address: string;
  street_number: string;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
}

export const lookupAddress = (body: AddressLookupBody, o?: Options) =>
  post<{ data: AddressLookupAnswer }>('/api/v1/public/address-lookup', body, o);

export interface Building {
  _id: string;
  code?: string;
  uniqueCode?: string;
  addressComponents?: { isSlave?: boolean; masterBuildingId?: string | null };
}

export const searchBuilding = (address: string, o?: Options) =>
  post<{ data: Building }>('/portal/api/v1/buildings/search', { address }, o);

export const fetchBuilding = (id: string, o?: Options) =>
  get<{ data: Building }>(`/portal/api/v1/buildings/${enc(id)}`, o);

export const fetchPlans = (buildingCode: string, o?: Options) =>
  get<Plan[]>(`/api/v1/public/plans?building-code=${enc(buildingCode)}`, o);

export const fetchRouters = (o?: Options) => get<Router[]>('/api/v1/public/routers', o);

export const fetchBuildingCampaign = (code: string, o?: Options) =>
  get<Campaign>(`/api/v1/public/building/${enc(code)}/campaign`, o);

export interface CouponBody {
  coupon_id: string;
  plan_ids: string[];
  postcode: string;
  suburb: string;
}

export const validateCoupon = (provider: string, body: CouponBody, o?: Options) =>
  post<unknown>(`/api/v1/${enc(provider)}/coupon`, body, o);

export const checkReferral = (provider: string, code: string, o?: Options) =>
  get<unknown>(`/api/v1/${enc(provider)}/referral/${enc(code)}`, o);

export interface LeadBody {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  formatted_address: string;
  message?: string;
}

export const createLead = (body: LeadBody, o?: Options) =>
  post<{ id: string }>('/api/v1/public/leads', body, o);

/** Free installation slots of a state, one per free crew (the wizard de-duplicates by start). */
export const fetchBookingSlots = (
  provider: string,
  state: string,
  { from, to }: BookingWindow,
  o?: Options,
) =>
  get<{ booking_slots: BookingSlot[] }>(
    `/api/v1/${enc(provider)}/bookings/${enc(state)}?from=${enc(from)}&to=${enc(to)}`,
    o,
  );

export interface ReservationBody {
  booking_id: string;
  start: string;
  end: string;
}

/**
 * Holds a slot's window; 409 'reservation taken' when it is full, 429 with a message to show when
 * this address holds or asks too much. Under the tab's hold session, so it releases the one before.
 */
export const createReservation = (provider: string, body: ReservationBody, o?: Options) =>
  post<Reservation>(`/api/v1/${enc(provider)}/reservations`, body, {
    ...o,
    headers: { ...o?.headers, ...holdSessionHeader() },
  });

/** Releases a held window; releasing twice is harmless. Only the hold's session may. */
export const releaseReservation = (provider: string, reservationId: string, o?: Options) =>
  del<null>(`/api/v1/${enc(provider)}/reservations/${enc(reservationId)}`, {
    ...o,
    headers: { ...o?.headers, ...holdSessionHeader() },
  });

export interface CardTokenBody {
  number: string;
  expiry_month: number;
  expiry_year: number;
  cvv: string;
  name: string;
}

/** The test-mode card vault (only when no Chargebee site is configured). */
export const createTestVaultToken = (body: CardTokenBody, o?: Options) =>
  post<{ token: string }>('/api/v1/test-vault/tokens', body, o);

/** Places the order; the same Idempotency-Key and body answer the first result again. */
export const placeInstall = (
  provider: string,
  body: InstallBody,
  idempotencyKey: string,
  o?: Options,
) =>
  post<{ success: true; order_id: string }>(`/api/v1/${enc(provider)}/install`, body, {
    ...o,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
