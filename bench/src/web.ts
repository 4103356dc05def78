import { existsSync } from 'node:fs';
import {
  browserVersion,
  chrome,
  median,
  runFlow,
  type Flow,
  type Measured,
} from './support/lighthouse.ts';
import type { Options } from './support/options.ts';
import { kilobytes, ms, section, type Budget, type Section } from './support/report.ts';
import { startServer } from './support/servers.ts';
import { freshStore } from './support/stores.ts';
import { ensureWizardBuilt, stepBundles } from './support/wizard-build.ts';

const JS_BUDGET = 120 * 1024;
const show = (v: number | undefined) => (v === undefined ? 'n/a' : String(v));

/**
 * The wizard as a phone sees it: Lighthouse 12 (mobile preset) on Debian's Chromium against the
 * production server, for the address step (a page load) and the plan step (reached from the
 * address step as a visitor does), plus the gzipped JavaScript and CSS every step needs.
 */
export async function webBenchmark(options: Options): Promise<Section[]> {
  const bundles = section('Web: gzipped JavaScript and CSS each step loads', [
    'step',
    'JavaScript (gzip)',
    'CSS (gzip)',
    'how measured',
  ]);
  const lighthouse = section('Web: Lighthouse 12, mobile preset', [
    'step',
    'performance',
    'accessibility',
    'best practices',
    'LCP',
    'TBT',
    'CLS',
  ]);
  const why =
    ensureWizardBuilt() ?? (existsSync(chrome) ? undefined : `n/a (no Chromium at ${chrome})`);
  if (why) {
    bundles.rows.push(['every step', why, why, '']);
    lighthouse.rows.push(
      ['address step', why, '', '', '', '', ''],
      ['plan step', why, '', '', '', '', ''],
    );
    lighthouse.budgets.push(...budgets(undefined, undefined, why));
    return [bundles, lighthouse];
  }

  for (const b of await stepBundles()) {
    bundles.rows.push([
      b.step,
      kilobytes(b.js),
      kilobytes(b.css),
      'from the build: shell + the step’s lazy chunk',
    ]);
  }
  const store = await freshStore('pglite', 'web');
  const server = await startServer('real', { ...store.env, ADDRESS_INDEX_SIZE: '2000' });
  const runs: Flow[] = [];
  try {
    for (let i = 0; i < options.lighthouseRuns; i++) runs.push(await runFlow(server.base));
  } finally {
    await server.stop();
    await store.remove();
  }
  // Lighthouse's own advice: a median of several runs, as one run swings with the machine's load.
  const address = median(runs.map((r) => r.address));
  const plans = runs.flatMap((r) => r.plan ?? []);
  const plan = plans.length ? median(plans) : undefined;
  const planProblem = plan ? undefined : runs[0]?.planProblem;
  for (const m of [address, plan]) {
    if (!m) continue;
    bundles.rows.push([
      m.name,
      kilobytes(m.js),
      kilobytes(m.css),
      'in Chromium: what the browser fetched to get there',
    ]);
    lighthouse.rows.push([
      m.name,
      show(m.performance),
      show(m.accessibility),
      show(m.bestPractices),
      m.lcp === undefined ? 'n/a (no page load)' : ms(m.lcp),
      m.tbt === undefined ? 'n/a' : ms(m.tbt),
      m.cls === undefined ? 'n/a' : m.cls.toFixed(3),
    ]);
  }
  if (planProblem) lighthouse.rows.push(['plan step', planProblem, '', '', '', '', '']);
  bundles.notes.push(
    'Sizes are of the files as built, gzipped at level 9; the server sends them compressed (br or gzip, @fastify/compress) to browsers that ask.',
  );
  lighthouse.notes.push(
    `Median of ${options.lighthouseRuns} run(s) by performance score. Chromium ${await browserVersion()} headless (--no-sandbox --disable-gpu), Lighthouse's default mobile preset: emulated mid-range phone, simulated slow 4G for the page load.`,
    'The whole Lighthouse flow report is left in bench/.tmp/lighthouse-flow.html.',
    'Address step: a cold page load of /. Plan step: the visitor arrives with a prefilled address (uniqueCode plus its parts, docs/rules/wizard-flow.md) and presses View plans; performance, TBT and CLS are from that timespan (Lighthouse has no LCP for a change within the page), accessibility and best practices from a snapshot of the plan step.',
  );
  lighthouse.budgets.push(...budgets(address, plan, planProblem));
  return [bundles, lighthouse];
}

const lighthouseSays = (m: Measured | undefined) =>
  m?.opportunities?.length
    ? `Lighthouse's failed audits: ${m.opportunities.join('; ')}.`
    : undefined;

function budgets(
  address: Measured | undefined,
  plan: Measured | undefined,
  why?: string,
): Budget[] {
  const none = (name: string, target: string): Budget => ({
    name,
    target,
    measured: why ?? 'n/a',
    met: undefined,
    gap: 'n/a',
  });
  const atLeast = (name: string, target: number, v: number | undefined, causes?: string): Budget =>
    v === undefined
      ? none(name, `>= ${target}`)
      : {
          name,
          target: `>= ${target}`,
          measured: String(v),
          met: v >= target,
          gap:
            v >= target ? (v > target ? `${v - target} to spare` : 'none') : `${target - v} short`,
          whenMissed: causes,
        };
  return [
    address
      ? {
          name: 'Address-step JavaScript (gzip)',
          target: '<= 120 KB',
          measured: kilobytes(address.js),
          met: address.js <= JS_BUDGET,
          gap:
            address.js <= JS_BUDGET
              ? `${kilobytes(JS_BUDGET - address.js)} to spare`
              : `${kilobytes(address.js - JS_BUDGET)} over`,
        }
      : none('Address-step JavaScript (gzip)', '<= 120 KB'),
    atLeast(
      'Lighthouse performance, address step (mobile)',
      95,
      address?.performance,
      lighthouseSays(address),
    ),
    atLeast('Lighthouse accessibility, address step (mobile)', 100, address?.accessibility),
    atLeast(
      'Lighthouse performance, plan step (mobile)',
      95,
      plan?.performance,
      lighthouseSays(plan),
    ),
    atLeast('Lighthouse accessibility, plan step (mobile)', 100, plan?.accessibility),
  ];
}
