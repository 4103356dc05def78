import { formatDollars } from './money.ts';

/**
 * Every message the visitor can read, as docs/rules/ quotes them. Quoted once here so the wizard,
 * the server and the tests all say the same words.
 */

export const messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooShort: 'should contain at least two letters',
  nameTooLong: 'should not be longer than 26 letters',
  firstNameInvalid: 'invalid first name',
  lastNameInvalid: 'Invalid last name',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter your mobile number as 04123456789 or +61412345678',
  emailRequired: 'Invalid email',
  emailTooLong: 'Email length is limited to 320 symbols',
  // The message ends with an example address (docs/rules/contact-and-connection.md).
  emailInvalid: 'Please enter correct email address e.g. name@example.com',
  confirmEmailRequired: 'Email confirmation is required',
  confirmEmailMismatch: 'Email confirmation must match email',
  howDidYouHearRequired: 'Please let us know how you heard about us',
  unitRequired: 'unit is required',
  unitTooLong: 'unit number cannot be longer than 10 symbols',
  unitNotNumerical: 'unit number must be numerical',
  installationDateRequired: 'Please select an installation date',
  installationTimeRequired: 'Please select an installation time.',
  termsRequired:
    'Please confirm that you have read and agree to the terms and conditions of your plan.',
  cardInvalid: 'Credit card is invalid, please check details and try again.',
  // The vault could not be reached at Submit (no answer, or a 5xx): nothing is wrong with the card
  // (docs/rules/contact-and-connection.md#payment-step-6).
  paymentServiceUnreachable:
    'We could not reach our payment service. Check your connection and press Submit again. You have not been charged.',
  // Each card field's own message, shown with the card error (docs/rules/contact-and-connection.md).
  cardNumberRequired: 'Card number is required',
  cardNumberInvalid: 'Card number is not valid',
  expiryRequired: 'Expiry is required',
  expiryInvalid: 'Please enter the expiry as MM/YY',
  cardExpired: 'This card has expired',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'CVV must be 3 or 4 digits',
  cardholderNameRequired: 'Cardholder name is required',
  errorSummaryHeading: 'There is a problem',
  couponInvalid: 'Coupon is invalid',
  bookingExpired: 'We are sorry but your booking is expired, please book a new time.',
  somethingWentWrong: 'Something went wrong',
  reservationTaken: 'reservation taken',
  slotUnavailable:
    "We're sorry, but the date and time you've selected are no longer available. Please choose another date and time.",
  reservationTimedOut: 'Reservation timed out',
  reservationNotAvailable: 'Reservation not available.',
  successHeading: 'Welcome onboard!',
  failureHeading: "We're sorry!",
  notAvailableHeading: 'We are sorry!',
  greatNews: 'Great News!',
  goodNews: 'Good News!',
  resourceNotFound: 'resource not found',
  blackFridayText: '$10 off for 9 months - Black Friday Sale.',
  installationNote: 'Installation takes about 45-60 minutes.',
} as const;

/** 'Please agree to a monthly charge of $X' with the amount in dollars. */
export function monthlyChargeRequired(amount: number): string {
  return `Please agree to a monthly charge of $${formatDollars(amount)}`;
}

/**
 * 'Please agree to the New Development Charge of $300' (docs/rules/contact-and-connection.md),
 * with the catalogue's charge in place of the demo's $300.
 */
export function newDevelopmentChargeRequired(amount: number): string {
  return `Please agree to the New Development Charge of $${formatDollars(amount)}`;
}

/** The order's failure text (docs/rules/orders.md), with the provider's phone and email. */
export function orderFailureText(phone: string, email: string): string {
  return `Unfortunately an error has occured with your order... Please call us on ${phone} or email ${email} so that we can finalise your connection.`;
}

// ---- The building's units (docs/rules/contact-and-connection.md#the-buildings-units) ----
// Written in a module of their own, re-exported here: the bundler puts a module in the chunks that
// use it, so the address step's chunk, which loads this file, does not carry them.
export { unitCallUs, unitMessages } from './unit-messages.ts';

// --- Direct debit (issue 34, part 3: docs/rules/contact-and-connection.md#direct-debit) ---------
/** The bank account's messages, field by field, and the bank's refusal at billing. */
export const directDebitMessages = {
  bankAccountInvalid: 'Bank account details are invalid, please check them and try again.',
  accountNameRequired: 'Account name is required',
  bsbRequired: 'BSB is required',
  bsbInvalid: 'BSB must be 6 digits, like 062-000',
  accountNumberRequired: 'Account number is required',
  accountNumberInvalid: 'Account number must be 5 to 9 digits',
  directDebitRequired: 'Please read and agree to the Direct Debit Request and service agreement',
  directDebitNotOffered: 'Direct debit is not offered: please pay by card',
  bankAccountUsed:
    'These bank account details were already used for an order. Please enter them again.',
  bankDeclined:
    'Your bank declined the direct debit from this account. Please check the account or use another account or a card.',
} as const;

/*
 * Finish later and the reminder to finish (issue 34; docs/rules/mail.md): their messages are in
 * finish-later-messages.ts, a module of their own, because this one is in the address step's
 * bundle and they are used only by the later steps, the resume page and the server.
 */
export { finishLaterMessages } from './finish-later-messages.ts';
