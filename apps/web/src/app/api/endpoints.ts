import type { AddressLookupAnswer, Campaign, Place, Plan, Router } from '@fibre/domain';
import { get, post, type RequestOptions } from './client.ts';

/*
 * Every call the wizard makes, by path (SPEC.md 7, PRODUCT.md 3). Answers are returned raw; the
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
    cardTokeniser: string;
    leadForm: string;
  };
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
