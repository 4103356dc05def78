// What other features may use of operators/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export {
  createFirstManagerSetup,
  setupCodeNotice,
  type FirstManagerSetup,
} from './first-manager.ts';
export { OWN_ADDRESS_MS } from './bounds.ts';
export { defineAdminRoute } from './admin-route.ts';
export { operatorOf } from './guard.ts';
export { auditOf, recordAudit, type AuditEntry } from './repository/operators.ts';
