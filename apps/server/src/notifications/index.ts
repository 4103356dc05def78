// What other features may use of notifications/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export {
  recordLeadCreated,
  recordLeadEvent,
  recordNeedsAttention,
  recordOrderEvent,
  recordPersonErased,
  type EventActor,
  type EventSource,
} from './events.ts';
export { createNotificationWorker, type NotificationWorker } from './worker.ts';
export { webhookRoutes } from './admin-routes.ts';
export { systemResolver } from './targets.ts';
