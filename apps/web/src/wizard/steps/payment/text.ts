import { agreementWords } from '@fibre/domain/consent';
import { directDebitMessages, messages } from '@fibre/domain/shared';

/** Step 6's words. */
export const text = {
  heading: 'Payment',
  intro: 'Enter your card, check your order and agree to the charges to place it.',
  cardTitle: 'Card details',
  cardIntro:
    'Your card is charged 15 days after activation. Card details go straight to our secure card vault.',
  testMode: 'Test mode: no real card is charged. Try 4111 1111 1111 1111 with any future expiry.',
  cardInvalid: messages.cardInvalid,
  // The vault gave no answer or failed itself: no field is wrong (docs/rules/contact-and-connection.md).
  unreachable: messages.paymentServiceUnreachable,
  promoTitle: 'Promo or referral code',
  promoCode: 'Promo code',
  promoHint: 'Have a promo or referral code? Enter it and press Validate.',
  validate: 'Validate',
  tryAgain: 'Try again',
  promoApplied: (code: string, words: string | null) =>
    words ? `Promo code ${code} applied: ${words}` : `Promo code ${code} applied`,
  keptOffer: (words: string) => `You kept your current offer: ${words}`,
  acceptancesTitle: 'Agreements',
  // The boxes' words are the domain's, which the server records in the order's acceptance record:
  // what is recorded is what was shown. The marketing box's are the catalogue's (legal).
  monthlyCharge: agreementWords.monthlyCharge,
  newDevelopmentCharge: agreementWords.newDevelopmentCharge,
  terms: agreementWords.terms,
  marketingHint: 'Optional. You can unsubscribe at any time.',
  // Direct debit (docs/rules/contact-and-connection.md#direct-debit).
  methodLabel: 'How would you like to pay?',
  methodCard: 'Card',
  methodBank: 'Bank account (direct debit)',
  bankTitle: 'Bank account details',
  bankIntro:
    'Your account is debited 15 days after activation, with no card surcharge. Account details go straight to our secure vault.',
  bankTestMode:
    'Test mode: no real account is debited. BSB 000-000 is debited; BSB 000-001 is declined at billing.',
  accountName: 'Account name',
  bsb: 'BSB',
  bsbHint: '6 digits, like 062-000',
  accountNumber: 'Account number',
  accountNumberHint: '5 to 9 digits',
  bankAccountInvalid: directDebitMessages.bankAccountInvalid,
  directDebit: agreementWords.directDebit,
  // Check your answers (docs/rules/contact-and-connection.md#check-your-answers).
  checkTitle: 'Check your answers',
  checkIntro: 'Check these details before you pay. You can change any of them.',
  checkContact: 'Contact details',
  checkAddress: 'Unit and address',
  checkInstallation: 'Installation',
  checkMethod: 'Payment method',
  change: 'Change',
  changeContact: 'contact details',
  changeAddress: 'unit and address',
  changeInstallation: 'installation time',
  changeMethod: 'payment method',
  methodCardWords: 'Card',
  methodBankWords: 'Bank account (direct debit)',
  goBack: 'Go back',
  submit: 'Submit',
} as const;
