// What other features may use of mail/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { queueChangeMail } from './changes.ts';
export { queueConfirmationOnce, queueOrderConfirmation } from './confirmation.ts';
export { hashOrderToken, issueOrderLink, orderLinkUrl } from './order-link.ts';
export { oldestUnsentMail } from './repository.ts';
export { createReminderSweep, type ReminderSweep } from './reminder.ts';
export { createMailWorker, type MailWorker } from './worker.ts';
