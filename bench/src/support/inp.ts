import type { Browser, Page } from 'puppeteer-core';
import { FIRST_STEP } from '@fibre/domain/wizard';
import { paidRouter, walk } from './wizard-walk.ts';

/*
 * Interaction to Next Paint on a phone's CPU: Chromium slowed four times
 * (Emulation.setCPUThrottlingRate 4) while the visitor uses the calendar (a day, then a window)
 * and the payment form (the card typed, the agreements ticked); unthrottled in between, so only
 * those interactions are slowed. The page's own Event Timing entries (PerformanceObserver, type
 * 'event', durationThreshold 16) are grouped by interactionId; an interaction's latency is its
 * longest entry, from input to the next paint. With fewer than 50 interactions, as here, INP is
 * the longest of them (web.dev's definition).
 */

export interface Inp {
  /** The longest interaction, ms (Event Timing rounds durations to 8 ms). */
  inp: number;
  interactions: number;
  /** The event type of the longest interaction. */
  worst: string;
  /**
   * Where the longest interaction's time went (web.dev's three parts of INP): waiting for the
   * page to take the input, its handlers, and the wait from the handlers to the next paint.
   */
  phases?: { inputDelay: number; processing: number; presentation: number };
}

/** An Event Timing entry: interactionId, startTime, duration, type, processingStart, processingEnd. */
export type EventEntry = readonly [number, number, number, string, number?, number?];

export interface ThrottledInp {
  calendar?: Inp;
  payment?: Inp;
  problem?: string;
}

export const CPU_SLOWDOWN = 4;

/** Lighthouse's phone: 412x823 CSS pixels at a device pixel ratio of 1.75. */
export const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true } as const;

/**
 * The browser window for the walk: at least the emulated phone's screen in device pixels
 * (721x1441). Headless Chromium's window is 800x600 unless told; the emulated phone then shows only
 * its top 343 CSS pixels, and a change below them (the card form, the calendar's windows) damages
 * nothing on the window, so no frame is presented for it until something above changes (the hold's
 * countdown, once a second): Event Timing waits for that frame (bench/README.md, INP on the payment
 * form). `launch(PHONE_WINDOW)`.
 */
export const PHONE_WINDOW = [
  `--window-size=${Math.ceil(PHONE.width * PHONE.deviceScaleFactor)},${Math.ceil(PHONE.height * PHONE.deviceScaleFactor)}`,
];

// Runs in the page from its first script on: every event entry kept with its time.
const observe = () => {
  const w = window as unknown as { __events: Array<EventEntry> };
  w.__events = [];
  new PerformanceObserver((list) => {
    // interactionId is newer than TypeScript's DOM types.
    for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>)
      if (e.interactionId)
        w.__events.push([
          e.interactionId,
          e.startTime,
          e.duration,
          e.name,
          e.processingStart,
          e.processingEnd,
        ]);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/** The interactions since `from` (performance.now()), once their entries have arrived. */
async function interactionsSince(page: Page, from: number): Promise<Inp> {
  // Entries are queued after the next paint: two frames and a moment more bring the last ones.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
      ),
  );
  const events = await page.evaluate(
    (start) =>
      (window as unknown as { __events: Array<EventEntry> }).__events.filter((e) => e[1] >= start),
    from,
  );
  return inpOf(events);
}

/**
 * INP of Event Timing entries: each interaction's latency is its longest entry; INP is the longest
 * interaction (fewer than 50), with its parts when the entry has its processing times.
 */
export function inpOf(events: ReadonlyArray<EventEntry>): Inp {
  const byInteraction = new Map<number, EventEntry>();
  for (const entry of events) {
    const seen = byInteraction.get(entry[0]);
    if (!seen || entry[2] > seen[2]) byInteraction.set(entry[0], entry);
  }
  const worst = [...byInteraction.values()].sort((a, b) => b[2] - a[2])[0];
  if (!worst) return { inp: 0, interactions: 0, worst: 'none' };
  const [, start, duration, name, processingStart, processingEnd] = worst;
  const inp: Inp = { inp: duration, interactions: byInteraction.size, worst: name };
  if (processingStart !== undefined && processingEnd !== undefined) {
    inp.phases = {
      inputDelay: Math.max(0, processingStart - start),
      processing: Math.max(0, processingEnd - processingStart),
      presentation: Math.max(0, start + duration - processingEnd),
    };
  }
  return inp;
}

/** What `act` does on a CPU slowed CPU_SLOWDOWN times, as INP. */
async function throttled(page: Page, act: () => Promise<void>): Promise<Inp> {
  const cdp = await page.createCDPSession();
  const from = await page.evaluate(() => performance.now());
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await act();
    return await interactionsSince(page, from);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/**
 * One walk from the plan step to the payment form in a fresh context, at a phone's size, in a
 * browser launched with PHONE_WINDOW.
 */
export async function throttledInp(
  browser: Browser,
  base: string,
  /** calendar false: the calendar is walked unthrottled and not measured (src/inp-only.ts). */
  measure: { calendar: boolean } = { calendar: true },
): Promise<ThrottledInp> {
  const context = await browser.createBrowserContext();
  const result: ThrottledInp = {};
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    await page.evaluateOnNewDocument(observe);
    const router = await paidRouter(base);
    await walk.openPrefilled(page, base);
    await walk.through(page, router, FIRST_STEP, 'installation');
    const dayAndWindow = () => walk.answer(page, 'installation', router);
    if (measure.calendar) result.calendar = await throttled(page, dayAndWindow);
    else await dayAndWindow();
    await walk.through(page, router, 'installation', 'payment', { answered: true });
    result.payment = await throttled(page, () => walk.answer(page, 'payment', router));
  } catch (error) {
    result.problem = `n/a (the walk stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  } finally {
    await context.close();
  }
  return result;
}
