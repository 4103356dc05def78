import { formatDollars, messages } from '@fibre/domain/shared';

/** Step 6's words. */
export const text = {
  heading: 'Payment',
  intro: 'Enter your card, check your order and agree to the charges to place it.',
  cardTitle: 'Card details',
  cardIntro:
    'Your card is charged 15 days after activation. Card details go straight to our secure card vault.',
  testMode: 'Test mode: no real card is charged. Try 4111 1111 1111 1111 with any future expiry.',
  cardInvalid: messages.cardInvalid,
  promoTitle: 'Promo or referral code',
  promoCode: 'Promo code',
  promoHint: 'Have a promo or referral code? Enter it and press Validate.',
  validate: 'Validate',
  tryAgain: 'Try again',
  promoApplied: (code: string, words: string | null) =>
    words ? `Promo code ${code} applied: ${words}` : `Promo code ${code} applied`,
  keptOffer: (words: string) => `You kept your current offer: ${words}`,
  acceptancesTitle: 'Agreements',
  monthlyCharge: (amount: number) => `I agree to a monthly charge of $${formatDollars(amount)}`,
  newDevelopmentCharge: (amount: number) =>
    `I agree to the New Development Charge of $${formatDollars(amount)}`,
  terms: 'I have read and agree to the terms and conditions of my plan',
  marketing: 'Send me news and offers by email',
  marketingHint: 'Optional. You can unsubscribe at any time.',
  goBack: 'Go back',
  submit: 'Submit',
} as const;
