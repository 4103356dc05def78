import {
  expectFitsWindowWidth,
  expectNoSeriousA11yViolations,
  narrowViewport,
} from '../support/checks.ts';
import { Console, expect, manager, test, viewer } from '../support/console.ts';

// Issue 32 (docs/rules/operators.md#api-keys): a manager makes an API key in the console, is shown
// it once, the key reads the console's API as a bearer, and once revoked it is refused. The page
// passes axe, its dialog open too, and fits a 320 px phone.

test.describe.configure({ timeout: 120_000 });

test('a manager makes a key, sees it once, and revokes it: the key is refused at once', async ({
  page,
  playwright,
  baseURL,
}) => {
  const ops = new Console(page);
  await ops.signIn(manager);
  await ops.open('API keys');
  await expect(ops.heading('API keys')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('billing sync');
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Viewer (reads)' });
  await ops.button('Create key').click();

  const shown = page.getByRole('status').filter({ hasText: 'You will not see it again' });
  await expect(shown).toBeVisible();
  const key = (await shown.getByText(/^fk_[A-Za-z0-9_-]{43}$/).innerText()).trim();
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'API keys' })
    .getByRole('row', { name: /billing sync/ });
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText(manager.email);
  await expectNoSeriousA11yViolations(page, { label: 'console-api-keys' });

  // The key reads, as a bearer, with no cookie.
  const api = await playwright.request.newContext({ baseURL });
  const read = () =>
    api.get('/admin/api/orders/changes', { headers: { authorization: `Bearer ${key}` } });
  expect((await read()).status()).toBe(200);

  // Shown once: after a reload only its first characters remain.
  await page.reload();
  await expect(ops.heading('API keys')).toBeVisible();
  await expect(row).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  await page.setViewportSize(narrowViewport);
  await expectFitsWindowWidth(page, 'console-api-keys at 320 px');

  await row.getByRole('button', { name: 'Revoke billing sync' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke the key “billing sync”?' });
  await expect(dialog).toContainText(
    'Every request with it is refused from now on, and the webhook endpoints it added or enabled are disabled.',
  );
  await expectNoSeriousA11yViolations(page, { label: 'console-api-keys-revoke-dialog' });
  await dialog.getByRole('button', { name: 'Revoke the key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(`by ${manager.email}`);
  await expect(row.getByRole('button', { name: 'Revoke billing sync' })).toHaveCount(0);
  expect((await read()).status()).toBe(401);
  await api.dispose();
});

test('a viewer has no API keys link, and its path shows no page', async ({ page }) => {
  const ops = new Console(page);
  await ops.signIn(viewer);
  await expect(ops.nav.getByRole('link', { name: 'Mail', exact: true })).toBeVisible();
  await expect(ops.nav.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await ops.goto('/admin/api-keys');
  await expect(ops.nav).toBeVisible();
  await expect(ops.heading('API keys')).toHaveCount(0);
});
