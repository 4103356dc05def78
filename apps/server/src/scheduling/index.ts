// scheduling/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export { arrivyScheduler } from './arrivy.ts';
export { type CalendarAdapter, type TaskRequest } from './calendar.ts';
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
