/*
 * Finish later and the reminder to finish (issue 34; docs/rules/mail.md, "Finish later" and "The
 * reminder to finish"): the button, the words the visitor agrees to, and the link's answers.
 */
export const finishLaterMessages = {
  heading: 'Not ready to finish now?',
  button: 'Email me a link to finish later',
  /** Shown beside the button; the consent to the one reminder, recorded with the sign-up. */
  notice:
    "We'll email you a link to finish on any device, and one reminder if you don't. Card details are never saved. You can unsubscribe at any time.",
  sending: 'Sending…',
  /** `until`: the day the link stops working, as '4 December'. */
  sent: (email: string, until: string) =>
    `We've emailed a link to ${email}. It works once, until ${until}.`,
  failed: "We couldn't send the link. Please try again.",
  /** 429: FINISH_LATER_LINKS_PER_HOUR links already mailed to the address this hour. */
  tooMany:
    "We've already emailed several links to this address. Please use the newest one, or try again in an hour.",
  noEmail: 'Please enter your contact details first.',
  restoring: 'Opening your sign-up…',
  expiredHeading: 'This link has expired',
  expired:
    'Links to finish later work for a limited time. Please start again: it only takes a few minutes.',
  usedHeading: 'This link has already been used',
  used: 'Each link opens your sign-up once. Please use the newest link we emailed you, or start again.',
  notFoundHeading: 'This link does not work',
  notFound: 'Please check you copied the whole link from the email, or start again.',
  startAgain: 'Start again',
  /** A used or expired link's page: a new link, mailed where the first one went. */
  newLinkButton: 'Email me a new link',
  /** `until`: the day the new link stops working, as '4 December'. The address is never shown. */
  newLinkSent: (until: string) =>
    `We've emailed a new link to the address this one was sent to. It works once, until ${until}.`,
  /** 409 link_superseded: a newer link of the sign-up was mailed since this one. */
  newerLinkSent:
    "We've already emailed a newer link. Please use the newest link we emailed you, or start again.",
  /** `phone`: the provider's support phone, a link on the page. */
  callUs: 'Prefer to talk? Call us on',
  failedOpen: "We couldn't open your sign-up just now. Please try the link again in a minute.",
  unsubscribeHeading: 'Stop reminders',
  unsubscribeAsk: 'Press Unsubscribe and we will not email you a reminder to finish your sign-up.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedHeading: 'You are unsubscribed',
  unsubscribed: 'We will not email you a reminder to finish your sign-up.',
} as const;
