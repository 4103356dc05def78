// What other features may use of mail/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { queueChangeMail } from './changes.ts';
export { queueConfirmationOnce, queueOrderConfirmation } from './confirmation.ts';
export { hashOrderToken, issueOrderLink, orderLinkUrl } from './order-link.ts';
export { oldestUnsentMail } from './repository.ts';
export {
  createPeriodicSweep,
  createReminderSweep,
  type ReminderSweep,
  type SweepLog,
} from './reminder.ts';
export { createMailWorker, type MailWorker } from './worker.ts';
// Finish later (docs/rules/mail.md): the sign-up's mail is written and rendered by signups/.
export {
  escapeHtml,
  helpText,
  mailHtml,
  mailProviderOf,
  type MailProvider,
  type RenderedMail,
} from './layout.ts';
export { newOrderToken } from './order-link.ts';
export { enqueueMail } from './repository.ts';
export { UNSUBSCRIBE_LINK_PLACEHOLDER, unsubscribeTokenOf } from './signup-links.ts';
