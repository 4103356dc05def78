import type { FastifyInstance } from 'fastify';

/**
 * Reading the Prometheus text as a scraper does: the sum of the samples named `name` whose labels
 * include `labels` (undefined when there is none).
 */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) {
      sum = (sum ?? 0) + Number(match[3]);
    }
  }
  return sum;
}

/** The app's metrics as the listener on METRICS_PORT serves them. */
export const scrape = (app: FastifyInstance): Promise<string> => app.metrics.text();
