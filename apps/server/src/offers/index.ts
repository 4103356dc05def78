// offers/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export { findCoupon } from './repository.ts';
