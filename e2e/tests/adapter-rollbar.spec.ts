import { CLIENT_TOKEN, startRollbar, rollbarEnv } from '@fibre/server/testing';
import { expect, test } from '../support/fixtures.ts';
import { misbehave, reportedItems, type RollbarStandIn } from '../support/rollbar.ts';

// Issue 7: Rollbar in the browser, production only (adapter-rollbar-development.spec.ts: not
// outside it), with the client token; uncaught errors and unhandled rejections reach it. The
// stand-in speaks Rollbar's item API and records each item.

let rollbar: RollbarStandIn;
test.use({
  serverEnv: async ({ keep }, use) => {
    rollbar = await keep('rollbar', async () => {
      const started = await startRollbar();
      return { value: started, close: () => started.close() };
    });
    await use(rollbarEnv(rollbar));
  },
});

test('uncaught errors and unhandled rejections reach Rollbar with the client token', async ({
  wizard,
  page,
}) => {
  const loaded = page.waitForResponse((res) => /\/assets\/rollbar-reporter-/.test(res.url()));
  await wizard.goto();
  await expect(wizard.addressField).toBeVisible();
  await loaded;
  // The library installs its handlers as its chunk runs; let that finish.
  await page.waitForFunction(() => typeof window.onerror === 'function');
  await misbehave(page);

  await expect
    .poll(() => reportedItems(rollbar).map((r) => r.message))
    .toEqual(expect.arrayContaining(['boom, an uncaught error', 'boom, an unhandled rejection']));
  for (const item of reportedItems(rollbar)) {
    expect(item.token).toBe(CLIENT_TOKEN);
    expect(item.environment).toBe('production');
  }
  // The server's own token is never in the page's configuration.
  const config = await (await page.request.get('/api/v1/public/config')).text();
  expect(config).not.toContain('rollbar-post-server-item-token');
});
