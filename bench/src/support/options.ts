/**
 * How long and how big each benchmark runs. `--quick` (CI) only proves that every benchmark still
 * works: the same steps, short and small, so its figures are not worth comparing.
 * `--only=api,holds` runs some of them (names as in run.ts).
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
}

export function parseOptions(argv: string[]): Options {
  const quick = argv.includes('--quick');
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
  };
}
