import { startOpsReceiver, type OpsReceiver } from '@fibre/server/testing';
import { expectWelcome } from '../support/checkout.ts';
import {
  captureStep,
  expectFitsWindowWidth,
  expectNoSeriousA11yViolations,
  narrowViewport,
} from '../support/checks.ts';
import { Console, expect, manager, signUp, test } from '../support/console.ts';
import { addresses } from '../support/demo.ts';
import { Wizard } from '../support/wizard.ts';

// docs/rules/webhooks.md#endpoints and operator-console.md (Webhooks): a manager adds an endpoint
// in the console, is shown its secret once, and the provider's receiver (the repository's stand-in,
// verifying with the `standardwebhooks` library and that secret) gets a lead's event; the
// deliveries say it was delivered, and a resend brings it again with the same webhook-id. Then
// docs/rules/orders.md#service-status: the console refuses to mark a service installed before its
// window, in the dialog. The worker polls every 2 s: every wait here is a poll.

test.describe.configure({ mode: 'default', timeout: 150_000 });
// The receiver listens on 127.0.0.1, inside the server's network: its deployment names that host
// as meant to be reached (docs/rules/webhooks.md#where-an-endpoint-may-point).
test.use({ deploymentEnv: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

let receiver: OpsReceiver;
let secret = '';

test.beforeAll(async () => {
  // The secret is known only once the console shows it; the receiver reads it at each delivery.
  receiver = await startOpsReceiver({ secret: () => secret, path: '/hooks' });
});

test.afterAll(async () => {
  await receiver.close();
});

test('a manager adds an endpoint, sees its secret once, and a lead event arrives signed; a resend brings it again', async ({
  browser,
  baseURL,
}) => {
  const staff = await browser.newContext({ baseURL });
  const page = await staff.newPage();
  const ops = new Console(page);
  await ops.signIn(manager);
  await ops.open('Webhooks');
  await expect(ops.heading('Webhooks')).toBeVisible();
  await expect(
    page.getByText('No endpoints yet: events are kept, but sent nowhere.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'console-webhooks' });

  // A URL the server refuses: the message is on the field, which takes the focus.
  const form = page.getByRole('form', { name: 'Add endpoint' });
  const url = form.getByRole('textbox', { name: 'URL' });
  await url.fill('ftp://example.com/hooks');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText(/^URL must be an http\(s\) URL/)).toBeVisible();
  await expect(url).toBeFocused();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, { label: 'console-webhooks-add-errors' });
  // An address inside the server's network (a cloud's metadata service) is refused the same way.
  await url.fill('http://169.254.169.254/latest/meta-data/');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(
    form.getByText(/^URL must not point inside the server’s network: its host 169\.254\.169\.254/),
  ).toBeVisible();
  await expect(url).toBeFocused();

  await url.fill(receiver.url);
  await form.getByRole('textbox', { name: 'Description' }).fill('CRM');
  await form.getByRole('checkbox', { name: 'lead.created' }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'Copy this secret now' });
  await expect(shown).toContainText(
    'Copy this secret now: you will not see it again. Your receiver verifies each delivery with it (Standard Webhooks).',
  );
  secret = (await shown.getByText(/^whsec_[A-Za-z0-9+/=]+$/).innerText()).trim();
  await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  const endpoints = page.getByRole('table', { name: 'Endpoints' });
  const endpoint = endpoints.getByRole('row', { name: new RegExp(receiver.url) });
  await expect(endpoint).toContainText('lead.created');
  await expect(endpoint).toContainText('Active');
  await expect(endpoint).toContainText(manager.email);
  await expectNoSeriousA11yViolations(page, { label: 'console-webhooks-secret' });

  // A visitor at an unserved address leaves their details.
  const lead = await page.request.post('/api/v1/public/leads', {
    data: {
      firstName: 'Wendy',
      lastName: 'Hook',
      email: 'wendy.hook@example.com',
      phone: '0412345670',
      formatted_address: '5 Mitchell Street, Darwin City NT 0800',
    },
  });
  expect(lead.ok()).toBe(true);
  await expect
    .poll(() => receiver.deliveries.filter((d) => d.type === 'lead.created').length, {
      timeout: 30_000,
    })
    .toBe(1);
  expect(receiver.refused).toEqual([]);
  const first = receiver.deliveries[0]!;
  expect(first.data.email).toBe('wendy.hook@example.com');

  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  const row = deliveries.getByRole('row', { name: /lead\.created/ });
  await expect(async () => {
    await ops.button('Refresh').click();
    await expect(row).toContainText('Delivered', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(receiver.url);

  await row.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent again: due now' })).toBeVisible();
  await expect
    .poll(() => receiver.deliveries.filter((d) => d.type === 'lead.created').length, {
      timeout: 30_000,
    })
    .toBe(2);
  expect(receiver.deliveries[1]!.webhookId).toBe(first.webhookId);
  expect(receiver.refused).toEqual([]);

  // Shown once: a reload lists the endpoint, never its secret.
  await page.reload();
  await expect(endpoint).toBeVisible();
  await captureStep(page, 'console-webhooks');
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.setViewportSize(narrowViewport);
  await expectFitsWindowWidth(page, 'console-webhooks at 320 px');
  await staff.close();
});

test('a manager cannot mark a service installed before its window: the dialog says when it is booked', async ({
  page,
  browser,
  baseURL,
}) => {
  const sam = { firstName: 'Sam', lastName: 'Service', email: 'sam.service@example.com' };
  await signUp(page, addresses.adelaide, sam);
  await expectWelcome(new Wizard(page));

  const staff = await browser.newContext({ baseURL });
  const ops = new Console(await staff.newPage());
  await ops.signIn(manager);
  await ops.findOrder(sam.email, 'Sam Service');
  await expect(ops.detail('Status')).toHaveText('Confirmed');
  await expect(ops.detail('Service')).toHaveText('Not yet installed');
  await ops.button('Set service status').click();
  const dialog = ops.page.getByRole('dialog', { name: 'Set service status' });
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: 'Installed' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Active' })).toBeVisible();
  await expectNoSeriousA11yViolations(ops.page, { label: 'console-service-status-dialog' });
  await dialog.getByRole('button', { name: 'Set status' }).click();
  // No e2e way moves the server's clock past the window (today + 2 at the earliest).
  await expect(dialog.getByRole('alert')).toContainText(
    /The installation is booked for .+: the service can be marked installed once it has begun\./,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ops.detail('Service')).toHaveText('Not yet installed');
  await staff.close();
});
