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
  tryAgain: 'Try again',
  expiredTitle: messages.reservationNotAvailable,
  selectNewTime: 'Select new time',
} as const;
