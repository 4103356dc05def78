import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PAID_PAGE_NAME, wizardSteps, type analyticsPageName } from '@fibre/domain/wizard';

/** Where step screenshots go (git-ignored). */
export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** The two sizes every step is looked at: a phone and a laptop. */
export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * The narrowest phone every page must fit without sideways scroll
 * (docs/rules/wizard-flow.md#narrow-screens).
 */
export const narrowViewport = { width: 320, height: 640 } as const;

/**
 * The page is exactly as wide as the window: `document.documentElement.scrollWidth` equals
 * `window.innerWidth` (nothing sticks out, and nothing is hidden by clipping the root sideways).
 */
export async function expectFitsWindowWidth(page: Page, label = 'page'): Promise<void> {
  const overflow = () =>
    page.evaluate(() => {
      const width = window.innerWidth;
      // The widest elements past the window's right edge, to say what sticks out.
      const past = Array.from(document.body.querySelectorAll('*'))
        .map((el) => ({ el, right: el.getBoundingClientRect().right + window.scrollX }))
        .filter(({ right }) => right > width + 0.5)
        .slice(0, 3)
        .map(
          ({ el, right }) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(right)})`,
        );
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, past };
    });
  await expect
    .poll(
      async () => {
        const { scrollWidth, innerWidth } = await overflow();
        return scrollWidth - innerWidth;
      },
      { message: `${label}: documentElement.scrollWidth - window.innerWidth` },
    )
    .toBe(0)
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${JSON.stringify(await overflow())}`);
    });
}

/** The page does not scroll sideways: the document is no wider than the window. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.documentElement;
          return root.scrollWidth - root.clientWidth;
        }),
      { message: 'the page scrolls sideways: documentElement.scrollWidth > clientWidth by' },
    )
    .toBeLessThanOrEqual(0);
}

/** Waits for running CSS transitions and animations (a modal's fade) to finish; loops excepted. */
/**
 * Waits for two painted frames, so resize-driven renders and transitions have started; after 2 s
 * without one it goes on anyway. Headless Chromium now and then stops producing frames after a
 * viewport change (one CI run hung here for the test's whole 240 s), and what follows (the
 * animation wait, a screenshot) then fails with its own message instead of a silent hang.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const fallback = setTimeout(resolve, 2_000);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            clearTimeout(fallback);
            resolve();
          }),
        );
      }),
  );
}

/**
 * Waits until no finite animation or transition is running, looking again two frames after each
 * wait: a render that lands just after a look (a button re-enabled as a dialog opens) starts a
 * transition the first look could not see, and axe measuring its middle frame reads a blend of
 * the two colours (one CI run failed on such a frame).
 */
export async function waitForAnimations(page: Page): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const running = await page.evaluate(async () => {
      const finite = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
        );
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
      return finite.length;
    });
    if (running === 0 && round > 0) return;
    await nextFrames(page);
  }
}

/**
 * Looks at the current screen at both sizes: asserts no sideways scroll at each and saves
 * `screenshots/<name>-<width>x<height>.png` (the full page, or the window while a dialog is open).
 * The viewport is restored afterwards.
 */
export async function captureStep(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize();
  try {
    for (const size of [viewports.phone, viewports.desktop]) {
      await page.setViewportSize(size);
      // Let resize-driven renders and transitions settle first.
      await nextFrames(page);
      await waitForAnimations(page);
      await expectNoHorizontalScroll(page);
      // A modal's backdrop is fixed to the window, so a full-page picture would show it covering
      // only the first screen: with a dialog open, the window is what a person sees.
      const modal = await page.getByRole('dialog').first().isVisible();
      await page.screenshot({
        path: join(screenshotDir, `${name}-${size.width}x${size.height}.png`),
        fullPage: !modal,
        animations: 'disabled',
      });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** WCAG 2.0/2.1/2.2 A and AA rules plus axe's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page (or on `include`, a CSS selector) and fails on any serious or critical
 * violation, listing each with its nodes. Moderate and minor ones are returned for reporting.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { include, label = 'page' }: { include?: string; label?: string } = {},
): Promise<AxeResults['violations']> {
  await waitForAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(axeTags);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');
  expect(serious, `serious or critical accessibility violations on ${label}:\n${report}`).toEqual(
    [],
  );
  return violations.filter((v) => !serious.includes(v));
}

/**
 * docs/rules/wizard-flow.md: the page names the wizard pushes to the analytics data layer, each
 * once, from the step table, then 'Paid'. What a journey pushes, and in what order, each spec
 * writes out in the spec's words.
 */
export const pageNames = [
  ...new Set([...wizardSteps.map((s) => s.pageName), PAID_PAGE_NAME]),
] as readonly PageName[];
export type PageName = ReturnType<typeof analyticsPageName> | typeof PAID_PAGE_NAME;

/**
 * The page names pushed to `window.dataLayer` so far, in order. The test holds to the names of
 * docs/rules/wizard-flow.md, not to the key they travel under, so any string value of a pushed
 * object that is one of the names counts (also inside gtag-style argument arrays).
 */
export async function dataLayerPageNames(page: Page): Promise<string[]> {
  return page.evaluate(
    (names) => {
      const known = new Set(names);
      const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
      const found: string[] = [];
      const visit = (value: unknown, depth: number): void => {
        if (typeof value === 'string') {
          if (known.has(value)) found.push(value);
          return;
        }
        if (depth > 3 || value === null || typeof value !== 'object') return;
        const children = Array.isArray(value) ? value : Object.values(value);
        // One entry pushes one page name; stop at the first found in it.
        for (const child of children) {
          const before = found.length;
          visit(child, depth + 1);
          if (found.length > before) return;
        }
      };
      for (const entry of Array.from(layer)) visit(entry, 0);
      return found;
    },
    pageNames as readonly string[],
  );
}

/** Waits until the last page name pushed is `name` (the wizard is on that step). */
export async function expectPageName(page: Page, name: PageName): Promise<void> {
  await expect
    .poll(async () => (await dataLayerPageNames(page)).at(-1), {
      message: `the last page name pushed to window.dataLayer should be '${name}'`,
    })
    .toBe(name);
}
