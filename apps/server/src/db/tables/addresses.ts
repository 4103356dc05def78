// Filled in by the addresses migration's owner.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AddressTables {}
