// What other features may use of notifications/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { notifyLeadCreated, notifyNeedsAttention } from './payload.ts';
export { createNotificationWorker, type NotificationWorker } from './worker.ts';
