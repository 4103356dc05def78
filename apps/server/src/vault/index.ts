// What other features may use of vault/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export { findToken, findBankAccountToken } from './repository.ts';
export { DISHONOURED_BSB } from './bank-accounts.ts';
