import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { apiBenchmark } from './api.ts';
import { autocompleteBenchmark } from './autocomplete.ts';
import { holdsBenchmark } from './holds.ts';
import { nationalBenchmark } from './national.ts';
import { ordersBenchmark } from './orders.ts';
import { soakBenchmark } from './soak.ts';
import { soakSectionOf, withSoakSection } from './soak/plan.ts';
import { parseOptions } from './support/options.ts';
import { postgresVersion } from './support/postgres.ts';
import { webBenchmark } from './web.ts';
import { machine, renderBudgets, renderSection, type Section } from './support/report.ts';

/*
 * `npm run bench [-- --quick] [-- --only=api,holds] [-- --addresses 16M]`: runs the benchmarks
 * one after another, prints each table as it completes, and writes them all to bench/RESULTS.md.
 * Benchmarks are not tests: a missed budget is reported, never failed. A benchmark that cannot run
 * at all is an error. `-- --soak [--minutes N]` runs the soak alone and replaces only RESULTS.md's
 * soak section; the other runs keep that section as it was.
 */
const options = parseOptions(process.argv.slice(2));
const resultsFile = new URL('../RESULTS.md', import.meta.url);
const previous = await readFile(resultsFile, 'utf8').catch(() => '');

if (options.soak) {
  const section = await soakBenchmark(options.soakMinutes);
  console.log(`\n${section}`);
  await writeFile(resultsFile, withSoakSection(previous, section));
  console.log('Wrote the Soak section of bench/RESULTS.md.');
  process.exit(0);
}

const benchmarks: Array<[string, (o: typeof options) => Promise<Section | Section[]>]> = [
  ['web', webBenchmark],
  ['api', apiBenchmark],
  ['holds', holdsBenchmark],
  ['autocomplete', autocompleteBenchmark],
  ['orders', ordersBenchmark],
  // Only when asked for with --addresses SIZE (bench/README.md): never in CI nor the default run.
  ['national', nationalBenchmark],
];

const started = performance.now();
const header = machine([await postgresVersion().catch(() => 'PostgreSQL unreachable')]);
const sections: Section[] = [];
const failures: string[] = [];
for (const [name, run] of benchmarks) {
  if (options.only && !options.only.includes(name)) continue;
  if (name === 'national' && options.nationalSize === undefined) continue;
  const t0 = performance.now();
  console.log(`\n>> ${name}`);
  try {
    const done = [await run(options)].flat();
    done.at(-1)!.notes.push(`Took ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
    sections.push(...done);
    for (const s of done) console.log(renderSection(s));
  } catch (error) {
    console.error(error);
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const total = ((performance.now() - started) / 1000).toFixed(0);
const budgetsText = sections.some((s) => s.budgets.length)
  ? renderBudgets(sections.flatMap((s) => s.budgets))
  : 'None in this run.';
const text = [
  `# Benchmark results${options.quick ? ' (--quick: proves the benchmarks run; figures not comparable)' : ''}`,
  '',
  'Written by `npm run bench` (bench/README.md says what each figure means). Do not edit by hand.',
  '',
  ...header.map((line) => `- ${line}`),
  `- Whole run: ${total} s; load average when it ended: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')}`,
  '',
  '## Budgets',
  '',
  budgetsText,
  '',
  ...sections.flatMap((s) => [renderSection(s), '']),
  ...(failures.length
    ? ['## Benchmarks that could not run', '', ...failures.map((f) => `- ${f}`), '']
    : []),
].join('\n');
const soakKept = soakSectionOf(previous);
await writeFile(resultsFile, soakKept ? withSoakSection(text, soakKept) : text);
console.log(`\n${budgetsText}\n\nWrote bench/RESULTS.md in ${total} s.`);
if (failures.length) process.exitCode = 1;
