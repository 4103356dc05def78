import type { Browser, Page } from 'puppeteer-core';
import { CPU_SLOWDOWN, PHONE } from './inp.ts';
import { WIZARD_STEPS, type WizardStep } from '@fibre/domain/wizard';
import { paidRouter, stepAfter, walk, walkSteps, type Control } from './wizard-walk.ts';

/*
 * Step transitions on a phone's CPU (bench/README.md, "Web", issue 47): the time from the press of
 * the button that leaves a step (View plans, Add to cart, Continue, Submit) to the first frame in
 * which the next step can be used, with Chromium's CPU slowed four times for that press only; what
 * is typed or chosen before it is done at full speed. Measured in the page: the press is the
 * pointerdown event's time; the next step is ready when its first control is in the page and
 * enabled (checked on every change of the document), and the figure ends when the frame after that
 * has been drawn (a task after the next animation frame). A lazily loaded step's chunk, and an
 * answer the step waits for, are inside the figure: the visitor waits for them too.
 */

export interface Transitioned {
  name: string;
  /** ms from the press to the frame in which the next step can be used. */
  ms: number;
}

export interface ThrottledTransitions {
  transitions: Transitioned[];
  problem?: string;
}

/**
 * Every step's move but the last's, in the step table's order (wizard-walk.ts, `walkSteps`): named
 * by the step it leaves, the step it reaches and the button pressed ('contact to connection:
 * Continue').
 */
const transitions = (): WizardStep[] => WIZARD_STEPS.filter((s) => walkSteps[s].leave !== null);

const transitionName = (from: WizardStep) =>
  `${from} to ${stepAfter(from)}: ${walkSteps[from].leave}`;

// Runs in the page: waits for the press and for `ready`, then for the frame after it.
function watch(control: Control): void {
  const w = window as unknown as {
    __transition?: { press?: number; ready?: number };
  };
  const seen: { press?: number; ready?: number } = {};
  w.__transition = seen;
  const nameOf = (el: Element): string => {
    const labelled = el.getAttribute('aria-labelledby');
    if (labelled)
      return labelled
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0)
      return Array.from(labels, (l) => l.textContent ?? '').join(' ');
    return el.textContent ?? '';
  };
  const usable = (el: Element) =>
    !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';
  const selectors = {
    radio: 'input[type="radio"], [role="radio"]',
    textbox: 'input:not([type="radio"]):not([type="checkbox"]), textarea, [role="textbox"]',
    button: 'button, [role="button"]',
    combobox: '[role="combobox"]',
  };
  const isReady = (): boolean => {
    if (control.kind === 'css') return document.querySelector(control.selector) !== null;
    if (control.kind === 'text') return (document.body.textContent ?? '').includes(control.text);
    return Array.from(document.querySelectorAll(selectors[control.kind])).some(
      (el) => usable(el) && nameOf(el).includes(control.name),
    );
  };
  document.addEventListener(
    'pointerdown',
    (event) => {
      seen.press = event.timeStamp;
      const observer = new MutationObserver(check);
      function check(): void {
        if (seen.ready !== undefined || !isReady()) return;
        observer.disconnect();
        seen.ready = -1;
        requestAnimationFrame(() =>
          setTimeout(() => {
            seen.ready = performance.now();
          }, 0),
        );
      }
      observer.observe(document, { subtree: true, childList: true, attributes: true });
      check();
    },
    { capture: true, once: true },
  );
}

/** One transition on a CPU slowed CPU_SLOWDOWN times: its press to the next step's frame. */
async function timed(page: Page, from: WizardStep, router: string): Promise<number> {
  // Unthrottled: what the visitor does on the step before pressing.
  await walk.answer(page, from, router);
  // tsx names the page function's inner functions with a helper of its own (__name), which the
  // page does not have: one that names nothing stands in.
  await page.evaluate('globalThis.__name ??= (f) => f');
  await page.evaluate(watch, walkSteps[stepAfter(from)].arrival);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await walk.press(page, from);
    await page.waitForFunction(
      () => {
        const seen = (window as unknown as { __transition?: { ready?: number } }).__transition;
        return seen?.ready !== undefined && seen.ready >= 0;
      },
      { timeout: 30_000, polling: 50 },
    );
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  const seen = await page.evaluate(
    () => (window as unknown as { __transition: { press: number; ready: number } }).__transition,
  );
  await walk.left(page, from);
  return seen.ready - seen.press;
}

/** One walk from a prefilled address to the confirmation, every transition timed, at a phone's size. */
export async function throttledTransitions(
  browser: Browser,
  base: string,
): Promise<ThrottledTransitions> {
  const context = await browser.createBrowserContext();
  const result: ThrottledTransitions = { transitions: [] };
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    const router = await paidRouter(base);
    await walk.openPrefilled(page, base);
    for (const from of transitions()) {
      result.transitions.push({ name: transitionName(from), ms: await timed(page, from, router) });
    }
  } catch (error) {
    result.problem = `n/a (the walk stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  } finally {
    await context.close();
  }
  return result;
}

/** The transition names, in the walk's order, for the report's rows. */
export const transitionNames = transitions().map(transitionName);
