import { moneyWords } from '@fibre/domain/pricing';
import { messages } from '@fibre/domain/shared';

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
  // The totals' words are the domain's moneyWords (docs/rules/plans-and-pricing.md).
  perMonth: moneyWords.perMonth,
  oneOff: moneyWords.once,
  failure: messages.failureHeading,
  goBack: 'Go back',
  // After a decline: back to Payment with everything kept but the card (docs/rules/orders.md).
  anotherCard: 'Use another card',
  directDebit: 'Pay by direct debit',
  tryAgain: 'Try again',
  expiredTitle: messages.reservationNotAvailable,
  selectNewTime: 'Select new time',
  // The placed order, from the server's answer (docs/rules/orders.md#the-answer-and-the-finale).
  placedTitle: 'Your order',
  reference: 'Order reference',
  emailed: (email: string) => `We have emailed your confirmation to ${email}.`,
  orderPage: 'See or change your order',
  chargesTitle: 'What is charged when',
  activationDay: (activation: string) =>
    `Activation is the day of your installation, ${activation}.`,
  checkAnother: 'Check another address',
} as const;
