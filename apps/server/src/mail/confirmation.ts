import { orderAddressLine } from '@fibre/domain/address';
import { acceptanceRecordAnswer } from '@fibre/domain/api';
import { HELP_LINKS_HEADING, OTHER_CHARGES_HEADING, otherChargeWords } from '@fibre/domain/consent';
import type { ProviderSpec } from '@fibre/domain/catalogue';
import { firstPaymentDate, moneyWords, storedCharges } from '@fibre/domain/pricing';
import { formatDay, formatWindow, stateTimeZone } from '@fibre/domain/scheduling';
import { formatCents } from '@fibre/domain/shared';
import { createEvent } from 'ics';
import type { Transaction } from 'kysely';
import { soldCents, soldOf } from '../catalogue/index.ts';
import type { AppContext } from '../context.ts';
import type { Schema } from '../db/schema.ts';
import type { MailAttachment } from '../db/tables/mail.ts';
import {
  confirmationDetails,
  enqueueMail,
  hasConfirmation,
  insertOrderLink,
} from './repository.ts';
import { ORDER_LINK_PLACEHOLDER, hashOrderToken, newOrderToken } from './order-link.ts';

// The mail's words for money and windows are the order page's too (the domain's, en-AU).
export { formatCents, formatWindow };

/**
 * The order's confirmation email (docs/rules/mail.md): what was ordered with its stored prices,
 * the installation window in the building's state's zone, an .ics invite with the window and the
 * address, and the order page's link; the provider's brand, en-AU.
 */

/** Customer and catalogue text goes into HTML only through this. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

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

/**
 * The order's reference in a mail (docs/rules/mail.md): after the subject's words, as
 * ' (order K7QD-9XWM)'; a line 'Order reference: K7QD-9XWM' above the body. Nothing for an order
 * without one.
 */
export const referenceSuffix = (reference: string | null) =>
  reference ? ` (order ${reference})` : '';
export const referenceLine = (reference: string | null) =>
  reference ? [`Order reference: ${reference}`, ''] : [];
export const referenceHtml = (reference: string | null) =>
  reference ? `<p>Order reference: <strong>${escapeHtml(reference)}</strong></p>\n` : '';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/** The .ics invite: DTSTART/DTEND in UTC equal to the booked window, the address, a UID per order. */
export function confirmationInvite(facts: ConfirmationFacts): string {
  return installationInvite({ ...facts, product: 'Order confirmation' });
}

/**
 * What of the provider a mail shows: its brand and contact, and the links every mail carries (the
 * complaints process, the Ombudsman, the hardship policy, family-violence support:
 * docs/rules/documents-and-consent.md#what-a-telco-links).
 */
export type MailProvider = Pick<
  ProviderSpec,
  'name' | 'colour' | 'support_phone' | 'support_email'
> & {
  help?: readonly { label: string; href: string }[];
};

/** The served catalogue's provider as a mail shows it, with its help links. */
export const mailProviderOf = (served: {
  provider: ProviderSpec;
  legal: { links: readonly { label: string; href: string }[] };
}): MailProvider => ({ ...served.provider, help: served.legal.links });

/** The help links as a text mail's lines: the heading, then each label with its address. */
export function helpText(provider: MailProvider): string[] {
  const links = provider.help ?? [];
  if (links.length === 0) return [];
  return [`${HELP_LINKS_HEADING}:`, ...links.map((l) => `  ${l.label}: ${l.href}`), ''];
}

function helpHtml(provider: MailProvider, colour: string): string {
  const links = provider.help ?? [];
  if (links.length === 0) return '';
  const e = escapeHtml;
  return `<p style="margin:16px 0 4px;font-size:14px;font-weight:bold">${e(HELP_LINKS_HEADING)}</p>
<ul style="margin:0;padding-left:20px;font-size:14px">${links
    .map((l) => `<li><a href="${e(l.href)}" style="color:${colour}">${e(l.label)}</a></li>`)
    .join('')}</ul>
`;
}

/** The colour a mail may use: the provider's, when it is a plain hex colour. */
export const mailColour = (provider: MailProvider): string =>
  /^#[0-9a-fA-F]{6}$/.test(provider.colour) ? provider.colour : '#1a56db';

/**
 * Every customer mail's HTML (docs/rules/mail.md): the provider's banner, the greeting, the mail's
 * own `body` (already escaped), the order page's link, who to ask and the help links. Text is
 * escaped here. Fluid: as wide as the screen up to 600 px, never wider (docs/rules/mail.md#on-a-phone);
 * a long word (an address, a link) wraps rather than widening it.
 */
export function mailHtml(mail: {
  provider: MailProvider;
  subject: string;
  firstName: string;
  linkText: string;
  body: string;
}): string {
  const e = escapeHtml;
  const { provider, subject } = mail;
  const colour = mailColour(provider);
  return `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff">
<tr><td style="background:${colour};color:#ffffff;padding:16px 20px;font-size:20px;font-weight:bold">${e(provider.name)}</td></tr>
<tr><td style="padding:20px;overflow-wrap:anywhere;word-break:break-word">
<p>Hi ${e(mail.firstName)},</p>
${mail.body}
<p><a href="${ORDER_LINK_PLACEHOLDER}" style="color:${colour}">${e(mail.linkText)}</a></p>
<p>Questions? Call ${e(provider.support_phone)} or email <a href="mailto:${e(provider.support_email)}">${e(provider.support_email)}</a>.</p>
${helpHtml(provider, colour)}</td></tr></table>
</td></tr></table>
</body>
</html>
`;
}

/**
 * An installation invite (.ics): one UID per order, so a change updates (a higher `sequence`) or
 * cancels the invite the confirmation sent; the window in UTC; the building's address.
 */
export function installationInvite(invite: {
  provider: MailProvider;
  orderId: string;
  address: string;
  window: { startsAt: Date; endsAt: Date };
  product: string;
  sequence?: number;
  cancelled?: boolean;
}): string {
  const { provider } = invite;
  const { value, error } = createEvent({
    productId: `-//${provider.name}//${invite.product}//EN`,
    uid: `order-${invite.orderId}@fibre-signup`,
    ...(invite.sequence === undefined ? {} : { sequence: invite.sequence }),
    title: `${provider.name} installation`,
    description: `Your ${provider.name} installation. Questions: ${provider.support_phone}.`,
    location: invite.address,
    start: invite.window.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: invite.window.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    method: invite.cancelled ? 'CANCEL' : 'PUBLISH',
    status: invite.cancelled ? 'CANCELLED' : 'CONFIRMED',
  });
  if (error || !value) throw new Error(`The invite could not be made: ${String(error)}`);
  return value;
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
