import { startRollbar, rollbarEnv } from '@fibre/server/testing';
import { expect, test } from '../support/fixtures.ts';
import { misbehave, type RollbarStandIn } from '../support/rollbar.ts';

// Issue 7: Rollbar reports from production only; the same keys in development do nothing.

let rollbar: RollbarStandIn;
test.use({
  serverEnv: async ({ keep }, use) => {
    rollbar = await keep('rollbar', async () => {
      const started = await startRollbar();
      return { value: started, close: () => started.close() };
    });
    await use({ ...rollbarEnv(rollbar), NODE_ENV: 'development' });
  },
});

test('outside production the same keys load no Rollbar code and send nothing', async ({
  wizard,
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await wizard.goto();
  await expect(wizard.addressField).toBeVisible();
  await misbehave(page);
  await wizard.addressField.fill('100 Harris');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(scripts.filter((url) => url.includes('rollbar'))).toEqual([]);
  expect(rollbar.requests).toEqual([]);
});
