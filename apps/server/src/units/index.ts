// What other features may use of units/ (apps/server/README.md, Layout).
export { unitStatus, unitStatusForOrder, unitUnknown } from './units.ts';
