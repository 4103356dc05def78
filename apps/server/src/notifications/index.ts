// notifications/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export { notifyLeadCreated, notifyNeedsAttention } from './payload.ts';
export { createNotificationWorker, type NotificationWorker } from './worker.ts';
