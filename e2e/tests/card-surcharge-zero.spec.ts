import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpReceiver, smtpEnv, type SmtpReceiver } from '@fibre/server/testing/smtp';
import { expectWelcome, pay, toPayment } from '../support/checkout.ts';
import { expectNoSeriousA11yViolations } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { capturePhones, demoCatalogueText } from '../support/legal.ts';
import { buildWebIfNeeded, startServer, type RunningServer } from '../support/server.ts';

// Issue 30, item 6 (docs/rules/contact-and-connection.md): a catalogue where no card scheme carries
// a fee shows no card fee, and no words about one (not even which cards carry none), anywhere the
// visitor looks: the order summary and the payment step, the confirmation, and the customer's
// order page from the confirmation mail. The server serves the demo catalogue with only its
// American Express fee (`fees.card.amex`, the one scheme with a fee) set to 0 (CATALOGUE_FILE).

const surcharge = /^( {4}amex:) \{ percent: [\d.]+.*\}$/m;
if (!surcharge.test(demoCatalogueText)) throw new Error('demo.yaml names no fees.card.amex');
const noSurchargeCatalogue = demoCatalogueText.replace(surcharge, '$1 { percent: 0 }');

/** Any words about a card fee or surcharge. */
const cardFeeWords = /card (processing )?fee|surcharge/i;

interface Deployment {
  server: RunningServer;
  smtp: SmtpReceiver;
}

const test = base.extend<{ deployment: Deployment }>({
  deployment: [
    async ({ keep }, use) => {
      await use(
        await keep('deployment', async () => {
          buildWebIfNeeded();
          const dir = mkdtempSync(join(tmpdir(), 'fibre-no-surcharge-'));
          const file = join(dir, 'no-surcharge.yaml');
          writeFileSync(file, noSurchargeCatalogue);
          const smtp = await startSmtpReceiver();
          const server = await startServer({ CATALOGUE_FILE: file, ...smtpEnv(smtp) });
          return {
            value: { server, smtp },
            close: async () => {
              await server.stop();
              await smtp.close();
              rmSync(dir, { recursive: true, force: true });
            },
          };
        }),
      );
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ deployment }, use) => {
    await use(deployment.server.baseURL);
  },
});

test('a 0% card surcharge shows no card fee at payment, on confirmation or on the order page', async ({
  wizard,
  page,
  request,
  deployment,
}) => {
  test.setTimeout(150_000);
  const config = (await (await request.get('/api/v1/public/config')).json()) as {
    domain: { cardFees: Record<string, { percent: number }> };
  };
  expect(config.domain.cardFees.amex?.percent).toBe(0);

  const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
  // An address without the words the page must not show: the confirmation now says it.
  const email = 'zero.percent@example.com';
  await toPayment(wizard, addresses.pyrmont, {
    router: paid,
    day: 0,
    contact: { email, confirmEmail: email },
  });
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary.getByText('Monthly charge')).toBeVisible();
  await expect(page.getByText(/^Minimum total cost \$/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText(cardFeeWords);
  await expectNoSeriousA11yViolations(page, { label: 'payment without a card surcharge' });
  await capturePhones(page, 'no-surcharge-payment');

  await pay(wizard);
  await expectWelcome(wizard);
  await expect(page.getByText('First payment')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(cardFeeWords);

  // The order page, from the link in the confirmation mail.
  await expect
    .poll(() => deployment.smtp.messages.some((m) => JSON.stringify(m.to).includes(email)), {
      message: `the confirmation mail to ${email}`,
      timeout: 20_000,
    })
    .toBe(true);
  const mail = deployment.smtp.messages.find((m) => JSON.stringify(m.to).includes(email))!;
  const link = /https?:\/\/\S+\/order\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
  expect(link, 'the order link in the confirmation mail').toBeDefined();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Your order', level: 1 })).toBeVisible();
  await expect(page.getByText('First payment')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(cardFeeWords);
});
