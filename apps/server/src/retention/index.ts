// What other features may use of retention/ (apps/server/README.md, Layout). Lint refuses an
// import of any other file of this folder from another feature.
export {
  applyRetention,
  sweepRetention,
  type RetentionCounts,
  type RetentionKind,
} from './sweep.ts';
