import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startFlow } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIRST_STEP, WIZARD_STEPS } from '@fibre/domain/wizard';
import { gzipBytes } from './wizard-build.ts';
import { paidRouter, walk, walkSteps } from './wizard-walk.ts';

/*
 * Lighthouse 13 user flows on Debian's Chromium (mobile preset, Lighthouse's default): the address
 * step as a page load, then every later step as a visitor reaches it (bench/README.md, "Web").
 */

export const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const report = fileURLToPath(new URL('../../.tmp/lighthouse-flow.html', import.meta.url));

export interface Measured {
  name: string;
  /** Gzipped JavaScript and CSS the browser had fetched by the end of the step, shell included. */
  js: number;
  css: number;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  lcp?: number;
  tbt?: number;
  cls?: number;
  /** Lighthouse's Interaction to Next Paint, in a timespan with an interaction (unthrottled). */
  inp?: number;
  /** Lighthouse's failed performance audits with what fixing them would save. */
  opportunities?: string[];
  /** The failed accessibility audits of the step's snapshot. */
  accessibilityFailures?: string[];
}

export interface Flow {
  steps: Measured[];
  /** Why the walk stopped before the confirmation, when it did. */
  problem?: string;
}

/**
 * Each step after the address step, in the step table's order (wizard-walk.ts, `walkSteps`): what
 * the visitor does to reach it (a timespan: the step before's answer, unless its own timespan timed
 * it, and the press that leaves it) and, for the installation and payment steps, what they then do
 * there; then a snapshot of the step.
 */
const timespans = WIZARD_STEPS.filter((s) => s !== FIRST_STEP).map((step) => {
  const from = WIZARD_STEPS[WIZARD_STEPS.indexOf(step) - 1]!;
  return {
    name: walkSteps[step].name,
    act: async (page: Page, router: string) => {
      await walk.through(page, router, from, step, {
        answered: walkSteps[from].answerTimedOnArrival === true,
      });
      if (walkSteps[step].answerTimedOnArrival) await walk.answer(page, step, router);
    },
  };
});

/** One Lighthouse user flow in a fresh browser: the address step's page load, then every step. */
export async function runFlow(base: string): Promise<Flow> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const fetched = fetchedAssets(page, base);
    const router = await paidRouter(base);
    const flow = await startFlow(page, {
      name: 'Sign-up wizard',
      // Only the categories the budgets read: SEO's audits would add time to every step.
      config: {
        extends: 'lighthouse:default',
        settings: { onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      },
    });
    await flow.navigate(`${base}/`, { name: 'Address step' });
    const sizes = [await fetched.sizes()];
    let problem: string | undefined;
    try {
      await walk.openPrefilled(page, base);
      for (const step of timespans) {
        // A timespan has no accessibility audits; Lighthouse 13 refuses to be asked for them.
        await flow.startTimespan({
          name: `To the ${step.name}`,
          onlyCategories: ['performance', 'best-practices'],
        });
        await step.act(page, router);
        await flow.endTimespan();
        await flow.snapshot({ name: step.name });
        sizes.push(await fetched.sizes());
      }
    } catch (error) {
      problem = `n/a (the walk stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    }
    const lhrs = (await flow.createFlowResult()).steps.map((s) => s.lhr);
    // The full report of the last run, for reading the opportunities behind a missed budget.
    await writeFile(report, await flow.generateReport());
    const steps = [measure('address step (page load)', lhrs[0]!, sizes[0]!)];
    // After the page load, the flow's steps come in pairs: the timespan, then the snapshot.
    for (let i = 0; 2 * i + 2 < lhrs.length; i++) {
      const timespan = measure(timespans[i]!.name, lhrs[2 * i + 1]!, sizes[i + 1]!);
      const snapshot = lhrs[2 * i + 2]!;
      steps.push({
        ...timespan,
        accessibility: score(snapshot, 'accessibility'),
        bestPractices: score(snapshot, 'best-practices'),
        accessibilityFailures: failures(snapshot, 'accessibility'),
        lcp: undefined,
      });
    }
    return { steps, ...(problem ? { problem } : {}) };
  } finally {
    await browser.close();
  }
}

export const stepNames = ['address step (page load)', ...timespans.map((t) => t.name)];

/** The run with the median performance score. */
export const median = (runs: Measured[]): Measured =>
  [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0))[
    Math.floor((runs.length - 1) / 2)
  ]!;

/**
 * The wizard's scripts and styles the page has fetched so far (each once, however often it was
 * fetched again), gzipped at level 9 as the build table measures them.
 */
function fetchedAssets(page: Page, base: string) {
  const seen = new Map<string, 'js' | 'css'>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if (!url.startsWith(base)) return;
    if (type === 'script') seen.set(url, 'js');
    else if (type === 'stylesheet') seen.set(url, 'css');
  });
  const bytes = new Map<string, Promise<number>>();
  const size = (url: string) => {
    if (!bytes.has(url))
      bytes.set(
        url,
        fetch(url)
          .then((r) => r.arrayBuffer())
          .then((b) => gzipBytes(Buffer.from(b))),
      );
    return bytes.get(url)!;
  };
  return {
    async sizes(): Promise<{ js: number; css: number }> {
      const total = { js: 0, css: 0 };
      for (const [url, kind] of seen) total[kind] += await size(url);
      return total;
    },
  };
}

type Lhr = Awaited<
  ReturnType<Awaited<ReturnType<typeof startFlow>>['createFlowResult']>
>['steps'][number]['lhr'];

const score = (lhr: Lhr, category: string) => {
  const s = lhr.categories[category]?.score;
  return s === null || s === undefined ? undefined : Math.round(s * 100);
};
const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? undefined;

/** The step's scores and metrics, with the scripts and styles fetched by its end. */
function measure(name: string, lhr: Lhr, size: { js: number; css: number }): Measured {
  return {
    name,
    ...size,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    inp: numeric(lhr, 'interaction-to-next-paint'),
    opportunities: opportunities(lhr),
    accessibilityFailures: failures(lhr, 'accessibility'),
  };
}

/** A category's failed audits, by title. */
function failures(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a!.title);
}

/** The failed audits of the performance category, biggest estimated saving first. */
function opportunities(lhr: Lhr): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => {
      const saving = Object.entries(a.metricSavings ?? {})
        .filter(([, v]) => typeof v === 'number' && v > 0)
        .map(([k, v]) =>
          k === 'CLS' ? `CLS ${Number(v).toFixed(2)}` : `${k} ${Math.round(Number(v))} ms`,
        );
      return {
        text: `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${saving.length ? `, saves ${saving.join(', ')}` : ''}`,
        weight: Object.values(a.metricSavings ?? {}).reduce(
          (x: number, v) => x + (typeof v === 'number' ? v : 0),
          0,
        ),
      };
    })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 5)
    .map((o) => o.text);
}

/** A fresh headless Chromium, as every run of the flow uses. */
export const launch = (args: string[] = []): Promise<Browser> =>
  puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', ...args],
  });

export async function browserVersion(): Promise<string> {
  const browser = await launch();
  try {
    return (await browser.version()).replace(/^HeadlessChrome\//, '');
  } finally {
    await browser.close();
  }
}
