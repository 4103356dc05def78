#!/usr/bin/env node
// `npm run test:timings`: where the last `npm test` spent its time (README.md, "Tests"). Reads
// reports/ (scripts/test.mjs writes it): each stage's time, then each suite's ten slowest test files
// and its count of tests. A file's time is the sum of its tests' (the browser suite's run two at a
// time, so its files add up to about twice the stage).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Vitest's JSON report: per file, its time and its tests. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({
    file: relative(root, file.name),
    ms: file.endTime - file.startTime,
    tests: file.assertionResults.length,
  }));
}

/** Playwright's JSON report: per file, the sum of its tests' runs, and its tests. */
function playwrightFiles(report) {
  const files = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const entry = files.get(file) ?? { file, ms: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.ms += result.duration;
      }
      files.set(file, entry);
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, `e2e/tests/${suite.file ?? suite.title}`);
  return [...files.values()];
}

function table(title, files) {
  const tests = files.reduce((n, f) => n + f.tests, 0);
  console.log(`\n${title}: ${files.length} files, ${tests} tests; the ten slowest files`);
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${s(f.ms).padStart(9)}  ${String(f.tests).padStart(4)} tests  ${f.file}`);
  }
}

export function printTimings(reports = join(root, 'reports')) {
  const stages = read(join(reports, 'stages.json'));
  if (!stages) {
    console.log('test:timings: no reports/stages.json yet: run `npm test` first');
    return;
  }
  console.log('\nStages of the last `npm test`:');
  for (const { stage, seconds, ok } of stages) {
    console.log(`  ${`${seconds.toFixed(1)} s`.padStart(9)}  ${stage}${ok ? '' : ' (failed)'}`);
  }
  const total = stages.reduce((n, st) => n + st.seconds, 0);
  console.log(`  ${`${total.toFixed(1)} s`.padStart(9)}  in all`);
  for (const [name, title] of [
    ['unit', 'Unit (domain, web, bench)'],
    ['server', 'Server'],
  ]) {
    const report = read(join(reports, `${name}.json`));
    if (report) table(title, vitestFiles(report));
  }
  const browser = read(join(reports, 'e2e.json'));
  if (browser) table('Browser', playwrightFiles(browser));
}

// `node scripts/test-timings.mjs [DIR]`: DIR's reports instead of reports/.
if (process.argv[1] === fileURLToPath(import.meta.url)) printTimings(process.argv[2]);
