import {
  applyReferralCampaign,
  couponValidationResult,
  isReferralValid,
  referralCampaign,
  setMoveInCampaign,
} from '@fibre/domain/offers';
import { checkReferral } from '../../shared/api/offers.ts';
import { logError } from '../../shared/api/log.ts';
import type { LinkContext } from './link-params.ts';

/*
 * The offers a link starts (docs/rules/offers-and-coupons.md): moveIn=1|2 the move-in campaigns,
 * referralCode a referral check (202 = valid). Loaded only when a link carries them: the campaign
 * rules bring the schema library, which the first screen does without.
 */
export async function applyOfferParams(
  { moveIn, referralCode }: { moveIn: string | null; referralCode: string | null },
  { dispatch, config, campaign }: LinkContext,
): Promise<void> {
  const context = { now: new Date(), provider: config.domain.provider };
  const state = setMoveInCampaign(campaign, moveIn, context);
  if (state !== campaign) dispatch({ type: 'offers/brought', campaign: state });
  if (!referralCode) return;

  const answer = await checkReferral(config.domain.provider, referralCode);
  const coupon = couponValidationResult(answer.status, answer.data);
  if (coupon && isReferralValid(answer.status, coupon)) {
    dispatch({
      type: 'offers/brought',
      campaign: applyReferralCampaign(
        state,
        referralCampaign(referralCode, coupon.coupon_type, context),
      ),
      referralCode: referralCode.toUpperCase(),
    });
  } else if (answer.status !== 404) {
    logError('referral check failed', answer.status);
  }
}
