// What other features may use of offers/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { findCoupon } from './repository.ts';
export { campaignPeriod } from './campaign-period.ts';
