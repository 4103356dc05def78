import { execSync } from 'node:child_process';
import { cpus, loadavg, totalmem, type as osType, release } from 'node:os';

/** One benchmark's figures: a table, and notes saying how they were taken. */
export interface Section {
  title: string;
  columns: string[];
  rows: string[][];
  notes: string[];
  budgets: Budget[];
}

/** A budget from issue 6: met or missed, with the gap and, when missed, what we know of why. */
export interface Budget {
  name: string;
  target: string;
  measured: string;
  /** Undefined when it could not be measured (for example, the wizard is not built). */
  met: boolean | undefined;
  gap: string;
  /** The cause and the next step, shown only when the budget is missed. */
  whenMissed?: string;
  /** The status column's word when it is neither met nor missed: 'reported' for a figure to report. */
  status?: string;
}

export const section = (title: string, columns: string[]): Section => ({
  title,
  columns,
  rows: [],
  notes: [],
  budgets: [],
});

/** Autocannon reports whole milliseconds; client-side timings have fractions worth showing. */
export const ms = (v: number) =>
  !Number.isFinite(v)
    ? 'n/a'
    : Number.isInteger(v)
      ? `${v} ms`
      : `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;
export const perSecond = (v: number) =>
  Number.isFinite(v) ? Math.round(v).toLocaleString('en-AU') : 'n/a';
export const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function markdownTable(columns: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(columns), line(columns.map(() => '---')), ...rows.map(line)].join('\n');
}

export function renderSection(s: Section): string {
  return [
    `## ${s.title}`,
    '',
    markdownTable(s.columns, s.rows),
    ...(s.notes.length ? ['', ...s.notes.map((n) => `- ${n}`)] : []),
  ].join('\n');
}

export function renderBudgets(budgets: Budget[]): string {
  const rows = budgets.map((b) => [
    b.name,
    b.target,
    b.measured,
    b.status ?? (b.met === undefined ? 'not measured' : b.met ? 'met' : 'MISSED'),
    b.gap,
  ]);
  const missed = budgets.filter((b) => b.met === false && b.whenMissed);
  return [
    markdownTable(['budget', 'target', 'measured', 'status', 'gap'], rows),
    ...(missed.length
      ? [
          '',
          'Where a budget is missed:',
          '',
          ...missed.map((b) => `- **${b.name}**: ${b.whenMissed}`),
        ]
      : []),
  ].join('\n');
}

const quiet = (command: string) => {
  try {
    return execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

/** The machine, date and commit the figures belong to. */
export function machine(extra: string[]): string[] {
  const commit = quiet('git rev-parse --short HEAD') || 'unknown';
  // The results file itself does not count: an earlier run (CI's quick one) rewrote it.
  const dirty = quiet("git status --porcelain -- ':(top)' ':(top,exclude)bench/RESULTS.md'")
    ? ' (with uncommitted changes)'
    : '';
  const cpu = cpus();
  return [
    `Date: ${new Date().toISOString()}`,
    `Commit: ${commit}${dirty}`,
    `Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${megabytesRound(totalmem())} GB RAM, ${osType()} ${release()}`,
    `Node ${process.versions.node}; ${extra.join('; ')}`,
    `Machine speed: ${machineSpeed()}`,
    `Load average when the run started: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')} (other work on the machine skews every figure)`,
  ];
}

/** The fixed CPU work machineSpeed() times: this many steps of a xorshift generator in JavaScript. */
export const SPEED_STEPS = 100_000_000;

/**
 * How long this machine's one core takes for a fixed piece of JavaScript (SPEED_STEPS steps of a
 * xorshift generator, the best of three), so two RESULTS.md from different machines can be
 * compared: a figure measured on a machine half as fast is not a regression (bench/README.md,
 * "Comparing two runs"). The no-op floor beside each API route is the server's own measure of it.
 */
export function machineSpeed(): string {
  let best = Infinity;
  let x = 1;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < SPEED_STEPS; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
    }
    best = Math.min(best, performance.now() - started);
  }
  // From a seed other than 0 xorshift never reaches 0; the check also keeps the loop's result used.
  if (x === 0) throw new Error('the speed loop went wrong');
  return `${SPEED_STEPS / 1_000_000}M xorshift steps on one core in ${best.toFixed(0)} ms (best of 3; lower is faster)`;
}

const megabytesRound = (bytes: number) => Math.round(bytes / 1024 ** 3);
