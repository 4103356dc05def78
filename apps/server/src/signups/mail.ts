import { finishLaterMessages } from '@fibre/domain/shared';
import {
  escapeHtml,
  helpText,
  mailHtml,
  UNSUBSCRIBE_LINK_PLACEHOLDER,
  type MailProvider,
  type RenderedMail,
} from '../mail/index.ts';

/*
 * The sign-up's two mails (docs/rules/mail.md, "Finish later" and "The reminder to finish"): the
 * link asked for, and the one reminder. Both carry the provider's name and contact (mailHtml) and
 * the unsubscribe link; %ORDER_LINK% stands for the /resume/<token> link until the mail is sent.
 * Anyone may type any address, and its consent is recorded before its owner has seen anything,
 * so each says plainly how it came, when, and what not doing anything means (docs/rules/mail.md,
 * "How a sign-up mail came").
 */

interface SignupMailFacts {
  firstName: string;
  provider: MailProvider;
  /** When the link stops working. */
  expiresAt: Date;
  /** When the address was entered (the sign-up saved, or the new link asked for). */
  enteredAt: Date;
}

const dateWords = (at: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  }).format(at);

function render(
  facts: SignupMailFacts,
  subject: string,
  opening: string,
  linkText: string,
  howItCame: string,
): RenderedMail {
  const { provider } = facts;
  const until = `The link works once, until ${dateWords(facts.expiresAt)}. Card details are never saved: you enter them again.`;
  const unsubscribe = 'Don’t want a reminder? Unsubscribe:';
  const text = [
    `Hi ${facts.firstName},`,
    '',
    opening,
    '',
    `${linkText}: %ORDER_LINK%`,
    '',
    until,
    '',
    howItCame,
    '',
    `${unsubscribe} ${UNSUBSCRIBE_LINK_PLACEHOLDER}`,
    '',
    `Questions? Call ${provider.support_phone} or email ${provider.support_email}.`,
    '',
    ...helpText(provider),
    provider.name,
  ].join('\n');
  const e = escapeHtml;
  const html = mailHtml({
    provider,
    subject,
    firstName: facts.firstName,
    linkText,
    body: `<p>${e(opening)}</p>
<p>${e(until)}</p>
<p>${e(howItCame)}</p>
<p>${e(unsubscribe)} <a href="${UNSUBSCRIBE_LINK_PLACEHOLDER}">${e(finishLaterMessages.unsubscribeButton)}</a></p>`,
  });
  return { subject, text, html, attachments: [] };
}

/** The link the visitor asked for. */
export const renderFinishLaterLink = (facts: SignupMailFacts): RenderedMail =>
  render(
    facts,
    `Finish your ${facts.provider.name} sign-up`,
    `Here is the link you asked for: it opens your ${facts.provider.name} sign-up where you left it, on any device.`,
    'Finish your sign-up',
    `Why you got this email: on ${dateWords(facts.enteredAt)} this email address was entered in ${facts.provider.name}’s online sign-up, and a link to finish it later was asked for. If that wasn’t you, ignore this email: nothing happens unless the link is opened, and we will send at most one reminder, which the unsubscribe link below stops.`,
  );

/** The one reminder. */
export const renderFinishReminder = (facts: SignupMailFacts): RenderedMail =>
  render(
    facts,
    `Your ${facts.provider.name} sign-up is waiting`,
    `You started signing up to ${facts.provider.name} but did not finish. Your choices are saved: the link opens your sign-up where you left it.`,
    'Finish your sign-up',
    `Why you got this email: on ${dateWords(facts.enteredAt)} this email address was entered in ${facts.provider.name}’s online sign-up, asking for a reminder to finish it. If that wasn’t you, ignore this email: it is the only reminder we send for it, and nothing happens unless the link is opened.`,
  );
