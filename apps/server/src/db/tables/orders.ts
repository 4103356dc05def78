// Filled in by the orders migration's owner.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OrderTables {}
