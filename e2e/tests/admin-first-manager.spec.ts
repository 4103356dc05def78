import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

// docs/rules/operators.md#the-first-manager: a newcomer whose server runs on the embedded
// database (which no second process may open) makes the first manager at /admin with the one-time
// setup code the server printed at start, without stopping it.

// A server of this spec's own: a fresh data directory with no account at all.
test.use({ serverEnv: { ADDRESS_INDEX_SIZE: '2000' } });

/** The setup code, as the server printed it on its standard output. */
async function printedCode(logFile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = /^ {2}([A-Z2-9]{4}(?:-[A-Z2-9]{4}){3})$/m.exec(readFileSync(logFile, 'utf8'))?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

test('the first manager is made at /admin with the printed setup code, then signs in', async ({
  page,
  server,
}) => {
  const code = await printedCode(server.own!.logFile);
  expect(readFileSync(server.own!.logFile, 'utf8')).toContain("choose 'Create the first manager'");

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operator sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Create the first manager' }).click();
  const form = page.getByRole('form', { name: 'Create the first manager' });
  await form.getByLabel("Manager's email").fill('newcomer@example.com');
  await form.getByLabel('New password').fill('a long enough password');

  // A wrong code first: refused, said so, nothing made.
  await form.getByLabel('Setup code').fill('AAAA-BBBB-CCCC-DDDD');
  await form.getByRole('button', { name: 'Create the manager and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The setup code is not right');
  await expectNoSeriousA11yViolations(page, {
    label: 'console: create the first manager, refused',
  });

  await form.getByLabel('Setup code').fill(code);
  await form.getByRole('button', { name: 'Create the manager and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('newcomer@example.com (manager)')).toBeVisible();

  // Setup is over: the offer is gone, the code opens nothing, and the manager signs in as usual.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Operator sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create the first manager' })).toHaveCount(0);
  const again = await page.request.post('/admin/api/setup', {
    data: { email: 'second@example.com', password: 'a long enough password', code },
  });
  expect(again.status()).toBe(409);
  await page.getByLabel('Email', { exact: true }).fill('newcomer@example.com');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible({ timeout: 30_000 });
});
