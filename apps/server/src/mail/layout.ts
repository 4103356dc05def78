import { HELP_LINKS_HEADING } from '@fibre/domain/consent';
import type { ProviderSpec } from '@fibre/domain/catalogue';
import { formatCents } from '@fibre/domain/shared';
import { formatWindow } from '@fibre/domain/scheduling';
import { createEvent } from 'ics';
import type { MailAttachment } from '../db/tables/mail.ts';
import { ORDER_LINK_PLACEHOLDER } from './order-link.ts';

/*
 * What every customer mail shares (docs/rules/mail.md): the HTML frame with the provider's brand
 * and help links, the order's reference, the .ics invite and the escaping of text into HTML. Each
 * mail's own words are its file's (confirmation.ts, changes.ts, reminder.ts; finish later's in
 * signups/).
 */

// The mail's words for money and windows are the order page's too (the domain's, en-AU).
export { formatCents, formatWindow };

/** Customer and catalogue text goes into HTML only through this. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
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
