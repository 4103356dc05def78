// What other features may use of scheduling/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { arrivyScheduler } from './arrivy.ts';
export { type CalendarAdapter, type TaskContact, type TaskRequest } from './calendar.ts';
export { dayClosures } from './closures.ts';
export { countHolds } from './hold-metrics.ts';
export { type StateCalendar } from './repository/calendar.ts';
export {
  consumeReservation,
  findReservationWindow,
  releaseReservation,
  restoreReservation,
  type ConsumedReservation,
} from './repository/reservations.ts';
export { embeddedScheduler, type Scheduler } from './scheduler.ts';
export { parseState, stateZone, windowIdState, type State } from './windows.ts';
