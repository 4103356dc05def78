import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { demoBuildings } from '@fibre/server/testing';
import { gzipBytes } from './wizard-build.ts';

/*
 * Lighthouse 12 user flows on Debian's Chromium (mobile preset, Lighthouse's default): the address
 * step as a page load, then the plan step as a visitor reaches it.
 */

export const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const report = fileURLToPath(new URL('../../.tmp/lighthouse-flow.html', import.meta.url));

export interface Measured {
  name: string;
  js: number;
  css: number;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  lcp?: number;
  tbt?: number;
  cls?: number;
  /** Lighthouse's failed performance audits with what fixing them would save. */
  opportunities?: string[];
}

export interface Flow {
  address: Measured;
  plan?: Measured;
  planProblem?: string;
}

/** One Lighthouse user flow in a fresh browser: the address step's page load, then the plan step. */
export async function runFlow(base: string): Promise<Flow> {
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const flow = await startFlow(page, { name: 'Sign-up wizard' });
    await flow.navigate(`${base}/`, { name: 'Address step' });
    let planProblem: string | undefined;
    try {
      await page.goto(prefilledUrl(base), { waitUntil: 'networkidle0' });
      const viewPlans = page.locator('::-p-aria([name="View plans"][role="button"])');
      await viewPlans.setTimeout(20_000).wait();
      await flow.startTimespan({ name: 'To the plan step' });
      await viewPlans.click();
      await page.locator('::-p-text(Boost 100)').setTimeout(20_000).wait();
      await flow.endTimespan();
      await flow.snapshot({ name: 'Plan step' });
    } catch (error) {
      planProblem = `n/a (could not reach the plan step: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    }
    const steps = (await flow.createFlowResult()).steps.map((s) => s.lhr);
    // The full report of the last run, for reading the opportunities behind a missed budget.
    await writeFile(report, await flow.generateReport());
    const address = await measure('address step (page load)', steps[0]!, base);
    if (planProblem || steps.length !== 3) return { address, planProblem };
    const timespan = await measure('plan step', steps[1]!, base);
    const snapshot = steps[2]!;
    const plan = {
      ...timespan,
      js: address.js + timespan.js,
      css: address.css + timespan.css,
      accessibility: score(snapshot, 'accessibility'),
      bestPractices: score(snapshot, 'best-practices'),
      lcp: undefined,
    };
    return { address, plan };
  } finally {
    await browser.close();
  }
}

/** The run with the median performance score. */
export const median = (runs: Measured[]): Measured =>
  [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0))[
    Math.floor((runs.length - 1) / 2)
  ]!;

function prefilledUrl(base: string): string {
  const b = demoBuildings.find((x) => x.code === 'G1A2B3')!;
  const params = new URLSearchParams({
    uniqueCode: b.code,
    formatted_address: b.formatted_address,
    street_number: b.street_number,
    street: b.street,
    suburb: b.suburb,
    state: b.state,
    postcode: b.postcode,
    status: b.status,
    buildingClass: b.building_class,
    buildingCategory: b.building_category,
    buildingType: b.building_type,
  });
  return `${base}/?${params}`;
}

type Lhr = Awaited<
  ReturnType<Awaited<ReturnType<typeof startFlow>>['createFlowResult']>
>['steps'][number]['lhr'];

const score = (lhr: Lhr, category: string) => {
  const s = lhr.categories[category]?.score;
  return s === null || s === undefined ? undefined : Math.round(s * 100);
};
const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? undefined;

/** The step's scores and metrics, and the gzipped size of the scripts and styles it fetched. */
async function measure(name: string, lhr: Lhr, base: string): Promise<Measured> {
  const items = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
    ?.items ?? []) as Array<{ url: string; resourceType?: string }>;
  let js = 0;
  let css = 0;
  for (const item of items) {
    if (!item.url.startsWith(base)) continue;
    const kind =
      item.resourceType === 'Script'
        ? 'js'
        : item.resourceType === 'Stylesheet'
          ? 'css'
          : undefined;
    if (!kind) continue;
    const bytes = gzipBytes(Buffer.from(await (await fetch(item.url)).arrayBuffer()));
    if (kind === 'js') js += bytes;
    else css += bytes;
  }
  return {
    name,
    js,
    css,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    opportunities: opportunities(lhr),
  };
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

export async function browserVersion(): Promise<string> {
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    return (await browser.version()).replace(/^HeadlessChrome\//, '');
  } finally {
    await browser.close();
  }
}
