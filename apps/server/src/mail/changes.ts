import { orderAddressLine } from '@fibre/domain/address';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Schema } from '../db/schema.ts';
import { confirmationDetails, enqueueMail } from './repository.ts';
import { countChangeMail } from './repository.ts';
import {
  escapeHtml,
  helpText,
  mailProviderOf,
  formatWindow,
  installationInvite,
  referenceHtml,
  referenceLine,
  referenceSuffix,
  mailHtml,
  type MailProvider,
  type RenderedMail,
} from './layout.ts';
import { ORDER_LINK_PLACEHOLDER } from './order-link.ts';

/**
 * The mail of a change made on the order page (docs/rules/order-page.md#mail): the installation
 * rescheduled (the new window, and an .ics invite with the confirmation's UID and a higher
 * SEQUENCE, so calendars move the event) or cancelled (an .ics CANCEL of the same event). Queued
 * in the change's own transaction; the provider's brand, en-AU.
 */

type Window = { state: string; startsAt: Date; endsAt: Date };

export interface ChangeFacts {
  kind: 'order.rescheduled' | 'order.cancelled';
  orderId: string;
  /** The order's short reference (docs/rules/orders.md#the-order-reference); null without one. */
  reference: string | null;
  firstName: string;
  provider: MailProvider;
  /** The window now (rescheduled), or the one given up (cancelled). */
  window: Window;
  /** The window before a reschedule. */
  previous?: Window;
  address: string;
  /** The invite's SEQUENCE: 1 for the first change after the confirmation (which is 0). */
  sequence: number;
}

/** The invite: the confirmation's UID (mail/layout.ts installationInvite), updated or cancelled. */
export function changeInvite(facts: ChangeFacts): string {
  return installationInvite({
    ...facts,
    product: 'Order change',
    cancelled: facts.kind === 'order.cancelled',
  });
}

export function renderChange(facts: ChangeFacts): RenderedMail {
  const { provider } = facts;
  const cancelled = facts.kind === 'order.cancelled';
  const when = formatWindow(facts.window.startsAt, facts.window.endsAt, facts.window.state);
  const before = facts.previous
    ? formatWindow(facts.previous.startsAt, facts.previous.endsAt, facts.previous.state)
    : undefined;
  const subject =
    (cancelled
      ? `Your ${provider.name} order is cancelled`
      : `Your ${provider.name} installation has a new time`) + referenceSuffix(facts.reference);
  const said = cancelled
    ? [
        `Your ${provider.name} order is cancelled, as you asked. Nothing more will be charged for it.`,
        '',
        'The installation you no longer need:',
        `  ${when}`,
        `  ${facts.address}`,
      ]
    : [
        'Your installation has moved, as you asked.',
        '',
        'New time:',
        `  ${when}`,
        `  ${facts.address}`,
        ...(before ? ['', `It was: ${before}`] : []),
        'The updated calendar invite is attached.',
      ];
  const text = [
    `Hi ${facts.firstName},`,
    '',
    ...referenceLine(facts.reference),
    ...said,
    '',
    `See your order: ${ORDER_LINK_PLACEHOLDER}`,
    '',
    `Questions? Call ${provider.support_phone} or email ${provider.support_email}.`,
    '',
    ...helpText(provider),
    provider.name,
  ].join('\n');

  const e = escapeHtml;
  const body = `${referenceHtml(facts.reference)}${
    cancelled
      ? `<p>Your ${e(provider.name)} order is cancelled, as you asked. Nothing more will be charged for it.</p>
<h2 style="font-size:16px">The installation you no longer need</h2>
<p>${e(when)}<br>${e(facts.address)}</p>`
      : `<p>Your installation has moved, as you asked.</p>
<h2 style="font-size:16px">New time</h2>
<p>${e(when)}<br>${e(facts.address)}</p>
${before ? `<p>It was: ${e(before)}</p>` : ''}
<p>The updated calendar invite is attached.</p>`
  }`;
  const html = mailHtml({
    provider,
    subject,
    firstName: facts.firstName,
    linkText: 'See your order',
    body: `${body}`,
  });
  const method = cancelled ? 'CANCEL' : 'PUBLISH';
  return {
    subject,
    text,
    html,
    attachments: [
      {
        filename: 'installation.ics',
        content_type: `text/calendar; charset=utf-8; method=${method}`,
        content: changeInvite(facts),
      },
    ],
  };
}

/**
 * Queues the change's mail in the caller's transaction (the reschedule's or the cancel's), to
 * the order's email, with the order page's link (the token the customer used; only its hash is
 * kept in order_links, and the outbox drops the token once sent). `window` is the order's window
 * after the change (for a cancel, the one given up); `previous` the one before a reschedule.
 */
export async function queueChangeMail(
  trx: Transaction<Schema>,
  ctx: AppContext,
  change: {
    kind: ChangeFacts['kind'];
    orderId: string;
    token: string;
    window: Window;
    previous?: Window;
    now: Date;
  },
): Promise<void> {
  const order = await confirmationDetails(trx, change.orderId);
  if (!order) throw new Error(`Order ${change.orderId} not found for its change mail`);
  const firstName = typeof order.contact.firstName === 'string' ? order.contact.firstName : '';
  const sequence = (await countChangeMail(trx, change.orderId)) + 1;
  const rendered = renderChange({
    kind: change.kind,
    orderId: change.orderId,
    reference: order.reference,
    firstName,
    provider: mailProviderOf(ctx.catalogue.current()),
    window: change.window,
    ...(change.previous ? { previous: change.previous } : {}),
    // With the unit, as the confirmation and its invite (docs/rules/mail.md#the-address-line).
    address: orderAddressLine(order),
    sequence,
  });
  await enqueueMail(trx, {
    id: ctx.newId(),
    kind: change.kind,
    orderId: change.orderId,
    recipient: order.email,
    ...rendered,
    linkToken: change.token,
    createdAt: change.now,
  });
}
