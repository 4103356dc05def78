/*
 * The soak's pure parts (bench/README.md, "Soak"): when each fault happens, how answers are
 * tallied, and how its section replaces the last one in RESULTS.md. No I/O here, so it is tested
 * (plan.test.ts) without servers.
 */

export type FaultKind =
  | 'kill an instance'
  | 'restart PostgreSQL'
  | 'stop Redis'
  | 'SMTP sink refuses'
  | 'webhook receiver refuses';

export interface Fault {
  kind: FaultKind;
  /** From the start of the load (ms). */
  atMs: number;
  /** How long the fault lasts before it is undone (ms); 0 for one that undoes itself. */
  forMs: number;
}

/** A minute of refusal, as issue 33 asks; shorter runs scale it down with the run. */
const OUTAGE_MS = 60_000;

/**
 * The faults of a run of `minutes`, one after another so that each one's effect can be told
 * apart: an instance killed (kill -9) and started again at 15 % of the run, PostgreSQL restarted
 * at 30 %, Redis stopped at 42 % for an outage, the SMTP sink refusing at 57 % and the webhook
 * receiver at 72 %, each for a minute in a run of 8 minutes or more (an eighth of the run in a
 * shorter one). The last outage ends by 85 % of the run, so its retries fall within the load.
 */
export function faultSchedule(minutes: number): Fault[] {
  const runMs = minutes * 60_000;
  const outage = Math.round(Math.min(OUTAGE_MS, runMs / 8));
  const at = (share: number) => Math.round(share * runMs);
  return [
    { kind: 'kill an instance', atMs: at(0.15), forMs: 0 },
    { kind: 'restart PostgreSQL', atMs: at(0.3), forMs: 0 },
    { kind: 'stop Redis', atMs: at(0.42), forMs: outage },
    { kind: 'SMTP sink refuses', atMs: at(0.57), forMs: outage },
    { kind: 'webhook receiver refuses', atMs: at(0.72), forMs: outage },
  ];
}

/** Answers counted by the request's step and its status, or 'network error'. */
export class Tally {
  readonly counts = new Map<string, Map<string, number>>();

  /** `outcome`: a status, a status with the answer's error code ('422 bad_input'), or 'network error'. */
  add(step: string, outcome: number | string): void {
    const byOutcome = this.counts.get(step) ?? new Map<string, number>();
    this.counts.set(step, byOutcome);
    const key = String(outcome);
    byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
  }

  /** 'install: 201 × 812, 503 × 4, network error × 2', statuses in order, errors last. */
  lines(steps: readonly string[]): string[] {
    return steps.map((step) => {
      const byOutcome = [...(this.counts.get(step) ?? new Map<string, number>())].sort(
        ([a], [b]) => outcomeOrder(a) - outcomeOrder(b),
      );
      const text = byOutcome.map(([k, n]) => `${k} × ${n.toLocaleString('en-AU')}`).join(', ');
      return `${step}: ${text || 'none'}`;
    });
  }
}

const outcomeOrder = (k: string) => (/^\d+/.test(k) ? Number.parseInt(k, 10) : 1_000);

export interface FaultWindow {
  kind: FaultKind;
  /** Epoch ms. */
  from: number;
  to: number;
}

/**
 * The fault a repeat most likely came from: the one under way, or ended within `slackMs`, when
 * the first copy arrived (an instance killed between the receiver's acceptance and the row's mark;
 * a receiver cut off after answering). Undefined when none was near.
 */
export function faultNear(
  at: number,
  faults: readonly FaultWindow[],
  slackMs = 10_000,
): FaultKind | undefined {
  return faults.find((f) => at >= f.from - slackMs && at <= f.to + slackMs)?.kind;
}

/** 'SMTP sink refuses 2, none near 1': how many repeats fall near each fault. */
export function repeatsByFault(
  firstSeen: readonly number[],
  faults: readonly FaultWindow[],
): string {
  const counts = new Map<string, number>();
  for (const at of firstSeen) {
    const kind = faultNear(at, faults) ?? 'no fault near';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => `${kind}: ${n}`).join(', ');
}

/** Nearest-rank percentile of an unsorted list; NaN when empty. */
export function percentileOf(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** How many times each id was seen: the ids seen more than once, and those never seen. */
export function exactlyOnce(
  expected: Iterable<string>,
  seen: Iterable<string>,
): { missing: string[]; repeated: Array<[string, number]>; unexpected: string[] } {
  const counts = new Map<string, number>();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  const wanted = new Set(expected);
  return {
    missing: [...wanted].filter((id) => !counts.has(id)),
    repeated: [...counts].filter(([id, n]) => n > 1 && wanted.has(id)),
    unexpected: [...counts.keys()].filter((id) => !wanted.has(id)),
  };
}

const SOAK_HEADING = '## Soak';

/**
 * RESULTS.md with its soak section replaced by `section` (which starts with '## Soak'), or added
 * at the end when it has none. The section runs to the next '## ' heading that is not its own.
 */
export function withSoakSection(results: string, section: string): string {
  const lines = results.split('\n');
  const start = lines.findIndex((l) => l === SOAK_HEADING || l.startsWith(`${SOAK_HEADING} `));
  const body = section.trimEnd().split('\n');
  if (start === -1) return [...trimEnd(lines), '', ...body, ''].join('\n');
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end === -1) end = lines.length;
  const after = lines.slice(end);
  return [...lines.slice(0, start), ...body, '', ...(after.length ? after : [])].join('\n');
}

function trimEnd(lines: string[]): string[] {
  const out = [...lines];
  while (out.length && out.at(-1)!.trim() === '') out.pop();
  return out;
}

/** The soak section of RESULTS.md, to keep when the other benchmarks rewrite the file. */
export function soakSectionOf(results: string): string | undefined {
  const lines = results.split('\n');
  const start = lines.findIndex((l) => l === SOAK_HEADING || l.startsWith(`${SOAK_HEADING} `));
  if (start === -1) return undefined;
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end === -1) end = lines.length;
  return trimEnd(lines.slice(start, end)).join('\n');
}
