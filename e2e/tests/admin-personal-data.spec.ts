import { Console, expect, manager, test, viewer } from '../support/console.ts';

// Issue 30, item 5: a person's data on request in the console
// (docs/rules/personal-data-requests.md, docs/rules/operator-console.md#personal-data): a manager
// finds a lead by its email, downloads the export and erases it; a viewer has no such page.

test.describe.configure({ mode: 'default', timeout: 150_000 });

const person = {
  firstName: 'Petra',
  lastName: 'Private',
  email: 'petra.private@example.com',
  phone: '0412 555 666',
  formatted_address: '10 Smith Street, Darwin City NT 0800',
};

test('a manager finds a person by email, sees the lead, downloads the export and erases it', async ({
  page,
  request,
}) => {
  const lead = await request.post('/api/v1/public/leads', { data: person });
  expect(lead.status()).toBe(201);

  const ops = new Console(page);
  await ops.signIn(manager);
  await ops.open('Personal data');
  await expect(ops.heading('Personal data')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('Petra.Private@example.com');
  await ops.button('Find').click();
  await expect(
    page.getByText(
      'Found 0 orders, 1 lead, 0 mails, 0 holds, 0 saved sign-ups and 0 audit records.',
    ),
  ).toBeVisible();
  const leads = page.getByRole('table', { name: 'Leads' });
  await expect(leads.getByRole('rowheader', { name: 'Petra Private' })).toBeVisible();
  await expect(leads).toContainText('+61412555666');

  const link = page.getByRole('link', { name: 'Download the export (JSON)' });
  await expect(link).toHaveAttribute(
    'href',
    '/admin/api/personal-data/export?email=Petra.Private%40example.com',
  );
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);

  await ops.button('Erase…').click();
  const dialog = page.getByRole('dialog', { name: "Erase this person's data?" });
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(page.getByText('Erased 0 orders and 1 lead.')).toBeVisible();
  await expect(
    page.getByText('Found 0 orders, 0 leads, 0 mails, 0 holds, 0 saved sign-ups and'),
  ).toBeVisible();
});

test('a viewer has no Personal data link, and its path shows no page', async ({ page }) => {
  const ops = new Console(page);
  await ops.signIn(viewer);
  await expect(ops.nav.getByRole('link', { name: 'Mail', exact: true })).toBeVisible();
  await expect(ops.nav.getByRole('link', { name: 'Personal data' })).toHaveCount(0);
  await ops.goto('/admin/personal-data');
  await expect(ops.nav).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ops.heading('Personal data')).toHaveCount(0);
});
