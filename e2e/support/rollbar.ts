import type { Page } from '@playwright/test';
import type { startRollbar } from '@fibre/server/testing';

export type RollbarStandIn = Awaited<ReturnType<typeof startRollbar>>;

interface Item {
  data?: { environment?: string; body?: { trace?: { exception?: { message?: string } } } };
}

/** Raises an uncaught error and an unhandled rejection in the page, as a bug would. */
export async function misbehave(page: Page): Promise<void> {
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom, an uncaught error');
    }, 0);
    void Promise.reject(new Error('boom, an unhandled rejection'));
  });
}

/** The items the Rollbar stand-in received: token, environment and the error's message. */
export function reportedItems(rollbar: RollbarStandIn) {
  return rollbar.requests
    .filter((r) => r.method === 'POST')
    .map((r) => ({
      token: r.headers['x-rollbar-access-token'],
      environment: (r.json as Item).data?.environment,
      message: (r.json as Item).data?.body?.trace?.exception?.message,
    }));
}
