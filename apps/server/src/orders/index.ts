// orders/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export { localLedger, type BillingAdapter } from './billing.ts';
export { chargebeeBilling } from './chargebee.ts';
export {
  cancelByCustomer,
  changeability,
  orderForToken,
  rescheduleOrder,
} from './customer-changes.ts';
export { holdCounts, orderCounts } from './repository/status-counts.ts';
export { sweepStaleOrders } from './sweep.ts';
export { type InstallDeps } from './write-order.ts';
