import { FIRST_PAYMENT_DELAY_DAYS, messages } from '@fibre/domain/shared';

/** Step 7's words. */
export const text = {
  placing: 'Placing your order…',
  placingNote: 'This takes a few seconds. Please keep this page open.',
  success: messages.successHeading,
  successIntro: (name: string) =>
    `Thanks, ${name}. Your order is placed and your installation is booked.`,
  installationTitle: 'Your installation',
  note: messages.installationNote,
  orderTitle: 'What you ordered',
  plan: (speed: number) => `${speed} Mbps plan`,
  router: 'Router',
  monthly: 'Monthly charge',
  atActivation: 'Due at activation',
  perMonth: 'per month',
  oneOff: 'one-off',
  failure: messages.failureHeading,
  goBack: 'Go back',
  tryAgain: 'Try again',
  expiredTitle: messages.reservationNotAvailable,
  selectNewTime: 'Select new time',
  // The placed order, from the server's answer (docs/rules/orders.md#the-answer-and-the-finale).
  placedTitle: 'Your order',
  reference: 'Order reference',
  emailed: (email: string) => `We have emailed your confirmation to ${email}.`,
  orderPage: 'See or change your order',
  chargesTitle: 'What is charged when',
  firstCharge: 'First charge to your card',
  firstChargeWhen: (amount: string, day: string) => `${amount} on ${day}`,
  thenMonthly: 'Then each month',
  cardFee: 'Card fee',
  chargeNote: (activation: string) =>
    `Your card is first charged ${FIRST_PAYMENT_DELAY_DAYS} days after activation, your installation on ${activation}.`,
  checkAnother: 'Check another address',
} as const;
