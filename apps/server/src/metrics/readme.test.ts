import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';

// The README's "Metrics" list is held to the registry: each metric the product defines (the
// fibre_ and http_ ones; prom-client's process_ and nodejs_ figures are its own) is listed once
// with its kind and its label names, and nothing is listed that the registry lacks.

interface Listed {
  name: string;
  kind: string;
  labels: string[];
}

/** Each "- `name` (kind; `label`: values; `label`)" of the README's Metrics section. */
function readmeMetrics(): Listed[] {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n## Metrics\n')[1]?.split('\n## ')[0] ?? '';
  const listed: Listed[] = [];
  const pattern = /`([a-z_]+)`(?: and `([a-z_]+)`)? \((counter|gauges?|histogram)((?:;[^)]*)?)\)/g;
  for (const [, first, second, kind, labelText] of section.replace(/\s+/g, ' ').matchAll(pattern)) {
    // Each part after the kind names a label, then perhaps its values after a colon
    // ("`adapter`: `billing`, …"); a part without a colon names only labels ("`adapter`, `operation`").
    const labels = (labelText ?? '')
      .split(';')
      .slice(1)
      .flatMap((part) =>
        [...(part.split(':')[0] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!),
      );
    for (const name of [first, second]) {
      if (name) listed.push({ name, kind: kind!.replace(/s$/, ''), labels });
    }
  }
  return listed;
}

describe("the README's metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('lists every metric of the product with its kind and labels, and no other', async () => {
    const registry = t.app.metrics.registry;
    const defined = (await registry.getMetricsAsJSON())
      .filter((metric) => /^(fibre|http)_/.test(metric.name))
      .map((metric) => ({
        name: metric.name,
        kind: String(metric.type),
        // prom-client keeps each metric's label names, which its types do not show.
        labels: [
          ...((registry.getSingleMetric(metric.name) as { labelNames?: string[] } | undefined)
            ?.labelNames ?? []),
        ],
      }));
    const byName = (a: Listed, b: Listed) => a.name.localeCompare(b.name);
    expect(readmeMetrics().sort(byName)).toEqual(defined.sort(byName));
  });
});
