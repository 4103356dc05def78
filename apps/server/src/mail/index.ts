// mail/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export { queueChangeMail } from './changes.ts';
export { queueConfirmationOnce, queueOrderConfirmation } from './confirmation.ts';
export { hashOrderToken } from './order-link.ts';
export { createReminderSweep, type ReminderSweep } from './reminder.ts';
export { createMailWorker, type MailWorker } from './worker.ts';
