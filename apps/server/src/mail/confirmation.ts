import { orderAddressLine } from '@fibre/domain/address';
import { acceptanceRecordAnswer } from '@fibre/domain/api';
import { OTHER_CHARGES_HEADING, otherChargeWords } from '@fibre/domain/consent';
import { firstPaymentDate, moneyWords, storedCharges } from '@fibre/domain/pricing';
import { formatDay, formatWindow, stateTimeZone } from '@fibre/domain/scheduling';
import { formatCents } from '@fibre/domain/shared';
import type { Transaction } from 'kysely';
import { soldCents, soldOf } from '../catalogue/index.ts';
import type { AppContext } from '../context.ts';
import type { Schema } from '../db/schema.ts';
import {
  confirmationDetails,
  enqueueMail,
  hasConfirmation,
  insertOrderLink,
} from './repository.ts';
import { ORDER_LINK_PLACEHOLDER, hashOrderToken, newOrderToken } from './order-link.ts';
import {
  escapeHtml,
  helpText,
  installationInvite,
  mailColour,
  mailHtml,
  mailProviderOf,
  referenceHtml,
  referenceLine,
  referenceSuffix,
  type MailProvider,
  type RenderedMail,
} from './layout.ts';

/**
 * The order's confirmation email (docs/rules/mail.md): what was ordered with its stored prices,
 * the installation window in the building's state's zone, an .ics invite with the window and the
 * address, and the order page's link; the provider's brand, en-AU.
 */

export interface ConfirmationFacts {
  orderId: string;
  /** The order's short reference (docs/rules/orders.md#the-order-reference); null without one. */
  reference: string | null;
  firstName: string;
  provider: MailProvider;
  /** What was ordered: a label and its price words ('$89.00 a month'). */
  lines: Array<{ label: string; price: string }>;
  totals: Array<{ label: string; price: string }>;
  window: { state: string; startsAt: Date; endsAt: Date };
  address: string;
  /**
   * The documents the order accepted (its acceptance record: the terms and the plan's CIS) and
   * the other charges shown before paying (docs/rules/documents-and-consent.md); empty for an
   * order placed before records were kept.
   */
  agreement?: {
    documents: Array<{ title: string; url: string; version: string | null }>;
    otherCharges: Array<{ name: string; amount: number; when: string }>;
  };
  now: Date;
}

/** The agreement's lines as text: each document with its link, each other charge. */
function agreementText(agreement: ConfirmationFacts['agreement']): string[] {
  if (!agreement) return [];
  const lines: string[] = [];
  if (agreement.documents.length > 0) {
    lines.push('What you agreed to:');
    for (const d of agreement.documents)
      lines.push(`  ${d.title}${d.version ? ` (version ${d.version})` : ''}: ${d.url}`);
    lines.push('');
  }
  if (agreement.otherCharges.length > 0) {
    lines.push(`${OTHER_CHARGES_HEADING}:`);
    for (const c of agreement.otherCharges) lines.push(`  ${otherChargeWords(c)}`);
    lines.push('');
  }
  return lines;
}

function agreementHtml(agreement: ConfirmationFacts['agreement'], colour: string): string {
  if (!agreement) return '';
  const e = escapeHtml;
  const parts: string[] = [];
  if (agreement.documents.length > 0) {
    parts.push(
      `<h2 style="font-size:16px">What you agreed to</h2>\n<ul>${agreement.documents
        .map(
          (d) =>
            `<li><a href="${e(d.url)}" style="color:${colour}">${e(d.title)}</a>${d.version ? ` (version ${e(d.version)})` : ''}</li>`,
        )
        .join('')}</ul>`,
    );
  }
  if (agreement.otherCharges.length > 0) {
    parts.push(
      `<h2 style="font-size:16px">${e(OTHER_CHARGES_HEADING)}</h2>\n<ul>${agreement.otherCharges
        .map((c) => `<li>${e(otherChargeWords(c))}</li>`)
        .join('')}</ul>`,
    );
  }
  return parts.join('\n');
}

/** The .ics invite: DTSTART/DTEND in UTC equal to the booked window, the address, a UID per order. */
export function confirmationInvite(facts: ConfirmationFacts): string {
  return installationInvite({ ...facts, product: 'Order confirmation' });
}

/** Subject, plain text and HTML (with %ORDER_LINK% where the link goes) and the invite. */
export function renderConfirmation(facts: ConfirmationFacts): RenderedMail {
  const { provider } = facts;
  const when = formatWindow(facts.window.startsAt, facts.window.endsAt, facts.window.state);
  const subject = `Your ${provider.name} order is confirmed${referenceSuffix(facts.reference)}`;
  const rows = (items: ConfirmationFacts['lines']) =>
    items.map((i) => `  ${i.label}: ${i.price}`).join('\n');
  const text = [
    `Hi ${facts.firstName},`,
    '',
    `Thank you for your order with ${provider.name}.`,
    '',
    ...referenceLine(facts.reference),
    'What you ordered:',
    rows(facts.lines),
    '',
    rows(facts.totals),
    '',
    'Installation:',
    `  ${when}`,
    `  ${facts.address}`,
    'The calendar invite is attached.',
    '',
    ...agreementText(facts.agreement),
    `See or change your order: ${ORDER_LINK_PLACEHOLDER}`,
    '',
    `Questions? Call ${provider.support_phone} or email ${provider.support_email}.`,
    '',
    ...helpText(provider),
    provider.name,
  ].join('\n');

  const e = escapeHtml;
  const htmlRows = (items: ConfirmationFacts['lines'], strong = false) =>
    items
      .map(
        (i) =>
          `<tr><td style="padding:4px 12px 4px 0">${strong ? `<strong>${e(i.label)}</strong>` : e(i.label)}</td><td style="padding:4px 0;text-align:right">${strong ? `<strong>${e(i.price)}</strong>` : e(i.price)}</td></tr>`,
      )
      .join('');
  const html = mailHtml({
    provider,
    subject,
    firstName: facts.firstName,
    linkText: 'See or change your order',
    body: `<p>Thank you for your order with ${e(provider.name)}.</p>
${referenceHtml(facts.reference)}<h2 style="font-size:16px">What you ordered</h2>
<table role="presentation" cellpadding="0" cellspacing="0">${htmlRows(facts.lines)}${htmlRows(facts.totals, true)}</table>
<h2 style="font-size:16px">Installation</h2>
<p>${e(when)}<br>${e(facts.address)}</p>
<p>The calendar invite is attached.</p>
${agreementHtml(facts.agreement, mailColour(provider))}`,
  });
  return {
    subject,
    text,
    html,
    attachments: [
      {
        filename: 'installation.ics',
        content_type: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: confirmationInvite(facts),
      },
    ],
  };
}

/**
 * The terms and the plan's CIS the order accepted, and the other charges it was shown, from its
 * stored acceptance record (never the catalogue as it is now: it may have changed since).
 */
function agreementOf(stored: unknown): Pick<ConfirmationFacts, 'agreement'> {
  const read = acceptanceRecordAnswer.safeParse(stored);
  if (!read.success) return {};
  return {
    agreement: {
      documents: read.data.documents.filter((d) => d.kind !== 'privacy'),
      otherCharges: read.data.otherCharges,
    },
  };
}

/**
 * Queues the order's confirmation in the caller's transaction (the one that gives the visitor
 * 201, or an operator's retry): a new order page link (only its hash stored) and the rendered
 * mail in the outbox. `unit` is the unit the visitor named, when the caller knows it.
 */
export async function queueOrderConfirmation(
  trx: Transaction<Schema>,
  ctx: AppContext,
  orderId: string,
  now: Date,
  unit?: string,
): Promise<void> {
  const order = await confirmationDetails(trx, orderId);
  if (!order) throw new Error(`Order ${orderId} not found for its confirmation`);
  const served = ctx.catalogue.current();
  const contact = order.contact;
  const firstName = typeof contact.firstName === 'string' ? contact.firstName : '';
  const rules = served.domain;
  // What the order was sold, not today's catalogue (docs/rules/orders.md#what-an-order-was-sold).
  const { plan, router, addOns } = soldOf(order, rules);
  const lines: ConfirmationFacts['lines'] = [];
  lines.push({ label: `${plan.name} plan`, price: `${formatCents(soldCents(plan.cost))} a month` });
  const routerCents = soldCents(router.cost);
  lines.push({
    label: router.name,
    price: routerCents > 0 ? `${formatCents(routerCents)} a month` : 'no charge',
  });
  for (const addOn of addOns)
    lines.push({
      label: addOn.label,
      price:
        addOn.cents > 0
          ? `${formatCents(addOn.cents)} ${addOn.per === 'month' ? 'a month' : 'once'}`
          : '',
    });
  if (order.coupon_id) lines.push({ label: `Coupon ${order.coupon_id}`, price: 'applied' });
  // The domain's money words (docs/rules/plans-and-pricing.md), as the wizard and the order page.
  const zone = stateTimeZone(order.state);
  // Each payment with the card's fee: what is charged (docs/rules/plans-and-pricing.md#card-fees).
  const charges = storedCharges(rules, order);
  const totals: { label: string; price: string }[] = [
    {
      label: moneyWords.monthlyCharge,
      price: `${formatCents(charges.monthlyWithFeeCents)} ${moneyWords.perMonth}`,
    },
  ];
  if (order.activation_cents > 0)
    totals.push({
      label: `${moneyWords.firstPayment} (${moneyWords.firstPaymentWhen(
        formatDay(firstPaymentDate(order.starts_at, zone), zone),
      )})`,
      price: formatCents(charges.firstPaymentWithFeeCents),
    });
  if (charges.feeLabel !== null)
    totals.push({
      label: `Included above: ${charges.feeLabel}`,
      price: moneyWords.cardFeeOf(
        formatCents(charges.firstPaymentFeeCents),
        formatCents(charges.monthlyFeeCents),
      ),
    });
  // The unit the order keeps; the caller's when the order keeps none (docs/rules/mail.md).
  const address = orderAddressLine({ ...order, unit: order.unit ?? unit });

  const rendered = renderConfirmation({
    orderId,
    reference: order.reference,
    firstName,
    provider: mailProviderOf(served),
    lines: lines.map((l) => ({ label: l.label, price: l.price || '—' })),
    totals,
    window: { state: order.state, startsAt: order.starts_at, endsAt: order.ends_at },
    address,
    ...agreementOf(order.acceptance),
    now,
  });
  const token = newOrderToken();
  await insertOrderLink(trx, orderId, hashOrderToken(token), now);
  await enqueueMail(trx, {
    id: ctx.newId(),
    kind: 'order.confirmation',
    orderId,
    recipient: order.email,
    ...rendered,
    linkToken: token,
    createdAt: now,
  });
}

/**
 * An order an operator confirms (a retry that succeeds, or marked resolved) gets its confirmation
 * then, in the same transaction, unless it was queued before (an order kept needs_attention after
 * the visitor got 201 has one already): docs/rules/mail.md.
 */
export async function queueConfirmationOnce(
  trx: Transaction<Schema>,
  ctx: AppContext,
  orderId: string,
  now: Date,
): Promise<void> {
  if (!(await hasConfirmation(trx, orderId))) await queueOrderConfirmation(trx, ctx, orderId, now);
}
