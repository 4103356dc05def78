#!/usr/bin/env node
// `npm test`: every suite in turn, stopping at the first that fails, as `a && b && c` would. Each
// stage's time goes to reports/stages.json and each suite writes its JSON report beside it, so
// `npm run test:timings` (scripts/test-timings.mjs) prints where the time went, here at the end and
// on its own after any run (README.md, "Tests").
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTimings } from './test-timings.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitestJson = (name) =>
  `--reporter=default --reporter=json --outputFile.json=reports/${name}.json`;
/** [stage, command]: the unit run measures the domain's coverage; the server's runs without. */
const stages = [
  ['lint', 'npm run lint'],
  ['types', 'npm run typecheck'],
  ['unit', `npx vitest run --coverage --project '!server' ${vitestJson('unit')}`],
  ['server', `npx vitest run --project server ${vitestJson('server')}`],
  ['browser', 'npm run test -w e2e'],
];

const done = [];
let failed = null;
for (const [stage, command] of stages) {
  const started = Date.now();
  const run = spawnSync(command, { cwd: root, shell: true, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  done.push({ stage, seconds, ok: run.status === 0 });
  writeFileSync(join(reports, 'stages.json'), JSON.stringify(done, null, 2));
  console.log(`test: ${stage} ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (run.status !== 0) {
    failed = run.status ?? 1;
    break;
  }
}
printTimings(reports);
process.exit(failed ?? 0);
