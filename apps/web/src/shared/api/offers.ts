import { campaignAnswer, couponAnswer, type CouponBody } from '@fibre/domain/api';
import { get, post, type Options } from './client.ts';

/** The offers' calls (docs/rules/api.md): a building's campaign, a coupon, a referral code. */

const enc = encodeURIComponent;

export type { CouponBody };

export const fetchBuildingCampaign = (code: string, o?: Options) =>
  get(`/api/v1/public/building/${enc(code)}/campaign`, campaignAnswer, o);

export const validateCoupon = (provider: string, body: CouponBody, o?: Options) =>
  post(`/api/v1/${enc(provider)}/coupon`, body, couponAnswer, o);

export const checkReferral = (provider: string, code: string, o?: Options) =>
  get(`/api/v1/${enc(provider)}/referral/${enc(code)}`, couponAnswer, o);
