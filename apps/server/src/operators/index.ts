// operators/: what other features and the composition root (app.ts, app/, server.ts, testing.ts) may use;
// everything else in the folder is its own (README, Layout; lint refuses a deep import).
export {
  createFirstManagerSetup,
  setupCodeNotice,
  type FirstManagerSetup,
} from './first-manager.ts';
export { operatorOf, requireOperator } from './guard.ts';
export { auditOf, recordAudit, type AuditEntry } from './repository/operators.ts';
