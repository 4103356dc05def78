import { tracingWanted } from './wanted.ts';

/*
 * Loaded before the server (`node --import` in `npm start`, first thing in scripts/start-prod.mjs):
 * starts tracing when an OTEL_ variable asks for it, and otherwise loads nothing more
 * (docs/decisions/029-tracing.md).
 */
if (tracingWanted(process.env)) {
  const { startTracing } = await import('./start.ts');
  await startTracing(process.env);
}
