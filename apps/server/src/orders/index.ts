// What other features may use of orders/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { localLedger, type BillingAdapter, type ContactDetails } from './billing.ts';
export { chargebeeBilling } from './chargebee.ts';
export {
  cancelByCustomer,
  changeability,
  orderForToken,
  rescheduleOrder,
} from './customer-changes.ts';
export { randomOrderReference } from './order-reference.ts';
export { holdCounts, orderCounts } from './repository/status-counts.ts';
export { sweepStaleOrders } from './sweep.ts';
export { type InstallDeps } from './write-order.ts';
