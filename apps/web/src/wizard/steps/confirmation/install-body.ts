import { normaliseMobile } from '@fibre/domain/address';
import {
  buildExtraFields,
  buildInstallBody,
  toTemplateExtraFields,
  type InstallBody,
} from '@fibre/domain/install';
import { agreedDirectDebit } from '@fibre/domain/contact';
import { isReferralType } from '@fibre/domain/offers';
import { activationTotal, cardFeeOn, monthlyCharge } from '@fibre/domain/pricing';
import type { DomainConfig } from '@fibre/domain/shared';
import type { OrderChoices } from '../../catalogue/use-order.ts';
import type { WizardState } from '../../store/state.ts';
import { BANK_ACCOUNT_HELD, heldBankAccount } from '../../payment/bank-account-handoff.ts';

/**
 * The install call's body, made only by the domain's builders from what the store holds and the
 * order it resolves to in the catalogue (useOrder), so a reload builds the very same body (the Idempotency-Key demands it). The reservation's event id is
 * sent, not the slot's: the hold names the crew. Null while something the order needs is missing.
 */
export function installBodyFrom(
  state: WizardState,
  rules: DomainConfig,
  { plan, router, offer }: Pick<OrderChoices, 'plan' | 'router' | 'offer'>,
): InstallBody | null {
  const address = state.address.value;
  const contact = state.signup.contact;
  const { reservation, slot } = state.reservations;
  const { cardToken, cardScheme, acceptances, addOns } = state.signup;
  if (!address || !contact || !plan || !router || !reservation || !slot) return null;
  if (!cardToken || !acceptances) return null;
  // Chargebee's direct debit: the bank account held in memory goes in the body instead of a token
  // (docs/rules/contact-and-connection.md#direct-debit-through-chargebee); lost with a reload.
  const bankAccount = cardToken === BANK_ACCOUNT_HELD ? heldBankAccount() : null;
  if (cardToken === BANK_ACCOUNT_HELD && !bankAccount) return null;

  const coupon = state.discount.coupon;
  const code = coupon?.coupon_id ?? offer.couponCode;
  // Referral and sales codes (coupon types 2 and 4) are referral codes; the rest promo codes.
  const referral = isReferralType(coupon?.coupon_type) || offer.source === 'referral';
  const extraFields = buildExtraFields(
    {
      buildingCode: address.uniqueCode,
      termsAgreed: acceptances.terms,
      marketing: acceptances.marketing,
      rsp: rules.provider,
      speed: plan.speed,
      howDidYouHear: contact.howDidYouHearAboutUs,
      promoCode: referral ? null : code,
      referralCode: state.signup.referralCode ?? (referral ? code : null),
      routerName: router.name,
      monthlyCost: monthlyCharge({ plan, router, addOns }, rules),
      addOns,
    },
    rules,
  );
  return buildInstallBody({
    reservation,
    slot,
    contact: { ...contact, phone: normaliseMobile(contact.phone) },
    address,
    extraFields: toTemplateExtraFields(extraFields),
    planId: plan.id,
    cardToken,
    ...(bankAccount ? { bankAccount } : {}),
    directDebitAgreed: agreedDirectDebit(acceptances),
    // The card scheme and first payment's fee the visitor was shown, as kept with the token (so a
    // reload sends the same body); the server checks both.
    ...(bankAccount || agreedDirectDebit(acceptances) || cardScheme === null
      ? {}
      : {
          cardScheme,
          cardFee: cardFeeOn(
            activationTotal(
              { plan, router, addOns, greenfield: address.greenfield, discount: offer.discount },
              rules,
            ),
            cardScheme,
            rules,
          ),
        }),
    coupon,
    router: { cost: router.cost },
    addOns,
  });
}
