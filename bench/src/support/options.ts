/**
 * How long and how big each benchmark runs. `--quick` (CI) only proves that every benchmark still
 * works: the same steps, short and small, so its figures are not worth comparing.
 * `--only=api,holds` runs some of them (names as in run.ts). `--addresses 16M` adds the national
 * address bench (national.ts) at that many addresses; no other run has it.
 */
export interface Options {
  quick: boolean;
  only: string[] | undefined;
  /** Seconds of load per API route (after a warm-up of `warmupSeconds`). */
  seconds: number;
  warmupSeconds: number;
  /** Concurrent connections of the load generator. */
  connections: number;
  /** Generated addresses behind the API benchmark (production's default is 100,000). */
  apiIndexSize: number;
  /** Generated addresses for "autocomplete at scale". */
  scaleIndexSize: number;
  /** Typed prefixes timed against that index. */
  prefixes: number;
  /** Seconds of orders. */
  orderSeconds: number;
  /** Lighthouse runs of the wizard (the median is reported). */
  lighthouseRuns: number;
  /** Generated addresses for the national bench (`--addresses 16M`); undefined: not run. */
  nationalSize: number | undefined;
  /** `--soak`: the soak alone (soak.ts), for `--minutes N` (10 unless told). */
  soak: boolean;
  soakMinutes: number;
}

export function parseOptions(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const addresses = flagValue(argv, '--addresses');
  const only = argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  return {
    quick,
    only,
    seconds: quick ? 1 : 6,
    warmupSeconds: quick ? 0.3 : 1,
    connections: 10,
    apiIndexSize: quick ? 10_000 : 100_000,
    scaleIndexSize: quick ? 20_000 : 1_000_000,
    prefixes: quick ? 200 : 1_000,
    orderSeconds: quick ? 2 : 15,
    lighthouseRuns: quick ? 1 : 3,
    nationalSize: addresses === undefined ? undefined : parseSize(addresses),
    soak: argv.includes('--soak'),
    soakMinutes: parseMinutes(flagValue(argv, '--minutes', 'a number of minutes, e.g. 8') ?? '10'),
  };
}

/** `--minutes 8`: a whole number of minutes, 1 or more. */
export function parseMinutes(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`--minutes takes a whole number of minutes, 1 or more: '${text}'`);
  }
  return value;
}

/** `--name value` or `--name=value`. */
function flagValue(argv: string[], name: string, what = 'a size, e.g. 16M'): string | undefined {
  const joined = argv.find((a) => a.startsWith(`${name}=`));
  if (joined) return joined.slice(name.length + 1);
  const at = argv.indexOf(name);
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs ${what}`);
  return value;
}

const scales: Readonly<Record<string, number>> = { '': 1, k: 1_000, m: 1_000_000 };

/**
 * A count as people write it: '16M' is 16,000,000, '500k' 500,000, '1.5M' 1,500,000, '20000'
 * itself (k and M in either case; commas and underscores between digits allowed).
 */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim().replace(/(?<=\d)[,_](?=\d)/g, ''));
  const scale = match ? scales[match[2]!.toLowerCase()] : undefined;
  // 1e6 * 1.1 is 1100000.0000000002: round what the decimals can express, refuse anything finer.
  const exact = match && scale ? Number(match[1]) * scale : Number.NaN;
  const value = Math.abs(exact - Math.round(exact)) < 1e-6 ? Math.round(exact) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`not a size: '${text}' (write it as 16M, 1M, 500k or 20000)`);
  }
  return value;
}
