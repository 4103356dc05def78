import type { Browser, Page } from 'puppeteer-core';
import { CPU_SLOWDOWN, PHONE } from './inp.ts';
import { WIZARD_STEPS, type WizardStep } from '@fibre/domain/wizard';
import { arrivals, paidRouter, stepAfter, walk, type Control } from './wizard-walk.ts';

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

/**
 * One transition: the step it leaves, what must be done before its press, and the press. The next
 * step's first usable control is the walk's arrival for the step after (wizard-walk.ts `arrivals`).
 */
interface Transition {
  name: string;
  from: WizardStep;
  /** Unthrottled: what the visitor does on the step before pressing. */
  before?: (page: Page) => Promise<void>;
  /** The press, as the walk makes it (Puppeteer's click: pointerdown, mousedown, click). */
  press: (page: Page) => Promise<void>;
}

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
 * The move that leaves each step but the last, keyed by the step table's ids: a step added there
 * fails to compile here until it has one.
 */
function transitions(router: string): Transition[] {
  const moves: Record<Exclude<WizardStep, 'confirmation'>, Omit<Transition, 'from'>> = {
    address: {
      name: 'address to plans: View plans',
      press: (page) => walk.press(page, 'View plans'),
    },
    plans: {
      name: 'plans to contact: Add to cart',
      before: (page) => walk.chooseRouter(page, router),
      press: (page) => walk.press(page, 'Add to cart'),
    },
    contact: {
      name: 'contact to connection details: Continue',
      before: (page) => walk.typeContact(page),
      press: (page) => walk.press(page, 'Continue'),
    },
    connection: {
      name: 'connection details to installation: Continue',
      before: (page) => walk.typeUnit(page),
      press: (page) => walk.press(page, 'Continue'),
    },
    installation: {
      name: 'installation to payment: Continue',
      before: (page) => walk.dayAndWindow(page),
      press: (page) => walk.press(page, 'Continue'),
    },
    payment: {
      name: 'payment to confirmation: Submit (the order placed)',
      before: (page) => walk.card(page),
      press: (page) => walk.press(page, 'Submit'),
    },
  };
  return WIZARD_STEPS.filter((s): s is keyof typeof moves => s in moves).map((from) => ({
    from,
    ...moves[from],
  }));
}

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
async function timed(page: Page, transition: Transition): Promise<number> {
  await transition.before?.(page);
  // tsx names the page function's inner functions with a helper of its own (__name), which the
  // page does not have: one that names nothing stands in.
  await page.evaluate('globalThis.__name ??= (f) => f');
  await page.evaluate(watch, arrivals[stepAfter(transition.from)]);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await transition.press(page);
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
  await walk.left(page, transition.from);
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
    for (const transition of transitions(router)) {
      result.transitions.push({ name: transition.name, ms: await timed(page, transition) });
    }
  } catch (error) {
    result.problem = `n/a (the walk stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  } finally {
    await context.close();
  }
  return result;
}

/** The transition names, in the walk's order, for the report's rows. */
export const transitionNames = transitions('').map((t) => t.name);
