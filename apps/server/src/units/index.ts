// What other features may use of units/ (apps/server/README.md, Layout).
export { unitStatusForOrder, unitUnknown } from './units.ts';
