import {
  campaignDiscount,
  showsPromoBanner,
  type CampaignState,
  type Discount,
} from '@fibre/domain/offers';
import type { DiscountArea } from '../store/state.ts';

/*
 * The offer the order carries right now: an accepted promo code (the store's) wins, otherwise the
 * active campaign (move-in, referral or the building's: useCatalogue().campaign). Its coupon code
 * is what Add to cart validates and the order sends. Kept out of the shell: the campaign rules
 * bring zod with them.
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

export function currentOffer(
  { discount }: { discount: DiscountArea },
  campaign: CampaignState,
): CurrentOffer {
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
