// Filled in by the scheduling migration's owner.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SchedulingTables {}
