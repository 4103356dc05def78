import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Time, moved rather than waited for (e2e/README.md, "Time"): a spec whose server runs with
 * TEST_CLOCK=1 (the server's clock that tests move, apps/server/src/app/test-clock.ts) sets the
 * page's clock to the server's time, then moves both by as much at once. The wizard's countdown
 * runs on the browser's clock against a hold the server ends on its own, so the two stay together.
 */

/** The environment of a server whose clock the tests move. */
export const testClockEnv = { TEST_CLOCK: '1' } as const;

/** The server's time (GET /__test/clock). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/__test/clock');
  expect(answer.status(), 'the server runs with TEST_CLOCK=1').toBe(200);
  return Date.parse(((await answer.json()) as { now: string }).now);
}

/** Moves the server's clock `ms` forward; answers its new time. */
export async function advanceServerClock(request: APIRequestContext, ms: number): Promise<number> {
  const answer = await request.post('/__test/clock', { data: { advance_ms: Math.ceil(ms) } });
  expect(answer.status(), await answer.text()).toBe(200);
  return Date.parse(((await answer.json()) as { now: string }).now);
}

/**
 * Before the page opens: the page's clock is the server's, flowing as real time does, and moved
 * only by advanceClocks. Not Playwright's page.clock: its fake Date gives a subclass of Date an
 * instance of its own (microsoft/playwright#35314), and the wizard's dates are @date-fns/tz's
 * TZDate, a subclass, so every date in the address's zone came out in the browser's (a test saw
 * the order refused for its billing date). This Date makes the browser's own instances, shifted
 * by an offset the tab keeps (sessionStorage, so a reload keeps the moved time); the page's timers
 * run in real time, and the wizard's countdown, which reads the clock every second, shows the
 * move at its next tick.
 */
export async function installServerClock(page: Page, request: APIRequestContext): Promise<void> {
  const offset = (await serverNow(request)) - Date.now();
  await page.addInitScript(
    ({ start, key }) => {
      const Native = Date;
      const nativeNow = Date.now.bind(Date);
      const moved = () => Number(sessionStorage.getItem(key) ?? '0');
      const now = () => nativeNow() + start + moved();
      // A constructor of the browser's own instances, its prototype the browser's: a subclass
      // (TZDate) gets instances of its own, and Date.prototype still owns every method (TZDate
      // wraps each one it finds there).
      function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
        // Date() without `new` is a string of now, as the browser's is.
        if (!new.target) return new Native(now()).toString();
        return Reflect.construct(Native, args.length === 0 ? [now()] : args, new.target) as Date;
      }
      ShiftedDate.prototype = Native.prototype;
      Object.setPrototypeOf(ShiftedDate, Native);
      ShiftedDate.now = now;
      Object.defineProperty(window, 'Date', {
        value: ShiftedDate,
        writable: true,
        configurable: true,
      });
      (window as unknown as { __e2eAdvanceClock: (ms: number) => void }).__e2eAdvanceClock = (ms) =>
        sessionStorage.setItem(key, String(moved() + ms));
    },
    { start: offset, key: 'e2e:clock-moved' },
  );
}

/**
 * Moves the server's clock and the page's by `ms` together (the page installServerClock's):
 * what the wizard shows from the clock follows at its next tick, which the test then waits for.
 */
export async function advanceClocks(
  page: Page,
  request: APIRequestContext,
  ms: number,
): Promise<void> {
  await advanceServerClock(request, ms);
  await page.evaluate(
    (by) =>
      (window as unknown as { __e2eAdvanceClock: (ms: number) => void }).__e2eAdvanceClock(by),
    Math.ceil(ms),
  );
}
