import autocannon from 'autocannon';

export interface Target {
  method: 'GET' | 'POST';
  /** Requests cycle through these: several paths, or one path with several JSON bodies. */
  paths: string[];
  bodies?: object[];
}

export interface LoadResult {
  rps: number;
  /** Requests answered in all. */
  requests: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, plus connection errors and timeouts. */
  failures: number;
}

/** What a browser says it accepts: every wizard request carries it. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * Drives `target` with `connections` keep-alive connections for `seconds`; latencies in ms. Every
 * request asks as a browser does, accepting compressed answers.
 */
export async function load(
  base: string,
  target: Target,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: target.method,
        setupRequest: (request) => {
          const n = i++;
          const body = target.bodies?.[n % target.bodies.length];
          return {
            ...request,
            path: target.paths[n % target.paths.length]!,
            headers: {
              'accept-encoding': BROWSER_ENCODINGS,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Nearest-rank percentile of latencies (ms). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
