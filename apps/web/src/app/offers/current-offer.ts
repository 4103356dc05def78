import { campaignDiscount, showsPromoBanner, type Discount } from '@fibre/domain';
import type { WizardState } from '../store/state.ts';

/*
 * The offer the order carries right now, from the store: an accepted promo code wins, otherwise
 * the active campaign (move-in, referral or the building's). Its coupon code is what Add to cart
 * validates and the order sends. Kept out of the shell: the campaign rules bring zod with them.
 */

export type OfferSource = 'promo' | 'move-in' | 'referral' | 'building';

export interface CurrentOffer {
  source: OfferSource | null;
  /** 'Move-in offer', 'Referral offer', the building campaign's name, 'Promo code X'. */
  title: string | null;
  discount: Discount | null;
  couponCode: string | null;
  showsBanner: boolean;
}

const none: CurrentOffer = {
  source: null,
  title: null,
  discount: null,
  couponCode: null,
  showsBanner: false,
};

export function currentOffer({ discount, campaign }: WizardState): CurrentOffer {
  if (discount.code) {
    return {
      source: 'promo',
      title: `Promo code ${discount.code}`,
      discount: discount.discount,
      couponCode: discount.code,
      showsBanner: discount.discount !== null && showsPromoBanner(discount.code),
    };
  }
  if (!campaign.campaign || discount.campaignCouponRefused) return none;
  const source: OfferSource = campaign.moveIn
    ? 'move-in'
    : campaign.referral
      ? 'referral'
      : 'building';
  const titles: Record<OfferSource, string> = {
    'move-in': 'Move-in offer',
    referral: 'Referral offer',
    building: campaign.campaign.name,
    promo: '',
  };
  return {
    source,
    title: titles[source],
    discount: campaignDiscount(campaign),
    couponCode: campaign.campaign.couponCode || null,
    showsBanner: showsPromoBanner(campaign.campaign.couponCode),
  };
}
