import { helpLinks, TIO } from '@fibre/domain/consent';
import { renderChange } from '../mail/changes.ts';
import { renderConfirmation } from '../mail/confirmation.ts';
import type { MailProvider, RenderedMail } from '../mail/layout.ts';
import { renderReminder } from '../mail/reminder.ts';
import { renderFinishLaterLink, renderFinishReminder } from '../signups/mail.ts';

/*
 * Every customer mail the server writes, rendered from the demo's facts with a unit, long words
 * and every help link (`@fibre/server/testing/mail`): what the mail tests read (the unit in each
 * mail and invite, the links) and what the browser test lays out at 320 px
 * (docs/rules/mail.md#on-a-phone).
 */

/** The address line a sample's order carries (Unit 12, as the demo's orders at Pyrmont). */
export const SAMPLE_ADDRESS = 'Unit 12, 100 Harris Street, Pyrmont NSW 2009';

export const sampleProvider: MailProvider = {
  name: 'Demo Fibre',
  colour: '#0b6bcb',
  support_phone: '1300 000 000',
  support_email: 'customer-support-team@demofibre.example',
  help: helpLinks({
    complaints: {
      title: 'Complaints handling process',
      url: 'https://demofibre.example/legal/complaints',
      version: '2026-10',
    },
    ombudsman: { ...TIO },
    hardship: {
      title: 'Financial hardship policy',
      url: 'https://demofibre.example/legal/financial-hardship',
      version: '2026-10',
    },
    familyViolence: {
      title: 'Family violence support',
      url: 'https://demofibre.example/legal/family-violence-support',
      version: '2026-10',
    },
  }),
};

const window = {
  state: 'NSW',
  startsAt: new Date('2026-12-30T21:00:00Z'),
  endsAt: new Date('2026-12-30T23:00:00Z'),
};
const previous = {
  state: 'NSW',
  startsAt: new Date('2026-12-29T03:00:00Z'),
  endsAt: new Date('2026-12-29T05:00:00Z'),
};
const change = {
  orderId: 'order-sample',
  reference: 'K7QD-9XWM',
  firstName: 'Jane',
  provider: sampleProvider,
  window,
  address: SAMPLE_ADDRESS,
  sequence: 1,
};
const signup = {
  firstName: 'Jane',
  provider: sampleProvider,
  expiresAt: window.endsAt,
  enteredAt: window.startsAt,
};

/** Each mail by name, rendered. */
export function everyMail(): Array<{ name: string; mail: RenderedMail }> {
  return [
    {
      name: 'the confirmation',
      mail: renderConfirmation({
        orderId: 'order-sample',
        reference: 'K7QD-9XWM',
        firstName: 'Jane',
        provider: sampleProvider,
        lines: [
          { label: 'Boost 100 plan', price: '$79.00 a month' },
          { label: 'Wi-Fi 6 Router', price: '$10.00 a month' },
          { label: 'Static IP address', price: '$10.00 a month' },
          { label: 'New Development Charge', price: '$300.00 once' },
          { label: 'Coupon SUMMER20', price: 'applied' },
        ],
        totals: [
          { label: 'Monthly charge', price: '$99.00 a month' },
          { label: 'First payment (Wednesday 30 December 2026)', price: '$399.00' },
          {
            label: 'Card processing fee (1.5% of the monthly charge), charged with each payment',
            price: '$1.49',
          },
        ],
        window,
        address: SAMPLE_ADDRESS,
        agreement: {
          documents: [
            {
              title: 'Standard Form of Agreement',
              url: 'https://demofibre.example/legal/standard-form-of-agreement',
              version: '2026-07',
            },
            {
              title: 'Critical Information Summary: Boost 100',
              url: 'https://demofibre.example/cis/boost-100-critical-information-summary.pdf',
              version: '2026-07',
            },
          ],
          otherCharges: [
            {
              name: 'Missed appointment fee',
              amount: 99,
              when: 'if nobody is home for the booked installation window',
            },
            {
              name: 'Early cancellation fee',
              amount: 150,
              when: 'if the order is cancelled after the installer is on the way',
            },
          ],
        },
        now: new Date('2026-12-02T00:00:00Z'),
      }),
    },
    {
      name: 'the reschedule',
      mail: renderChange({ ...change, kind: 'order.rescheduled', previous }),
    },
    { name: 'the cancel', mail: renderChange({ ...change, kind: 'order.cancelled', sequence: 2 }) },
    {
      name: 'the reminder',
      mail: renderReminder({
        firstName: 'Jane',
        provider: sampleProvider,
        window,
        address: SAMPLE_ADDRESS,
      }),
    },
    { name: 'the finish-later link', mail: renderFinishLaterLink(signup) },
    { name: 'the finish-later reminder', mail: renderFinishReminder(signup) },
  ];
}
