import { acceptCharges, cards, expectWelcome, fillCard, toPayment } from '../support/checkout.ts';
import { expectNoSeriousA11yViolations } from '../support/checks.ts';
import { addresses, fetchCatalogue, routerNames } from '../support/demo.ts';
import { confirmationTo, expect, test } from '../support/mailing.ts';

// docs/rules/plans-and-pricing.md, "Card fees" and "Money words": the amount agreed is the amount
// charged. The summary, the agreement box, the confirmation, the mail and the order page state each
// payment with the fee of the card typed: American Express 1.5% (the demo's), Visa none. None says
// 'Due at activation', 'Monthly total' or 'One-off charges'.

const oldWords = /Due at activation|Monthly total|One-off charges/;
const amexFee = 'includes $1.34 American Express card surcharge (1.5% of the amount charged)';

for (const [name, number, total, fee] of [
  ['American Express', cards.amex, '$90.34', amexFee],
  ['Visa', cards.visa, '$89', null],
] as const) {
  test(`the total agreed is the total charged, from the summary to the order page: ${name}`, async ({
    wizard,
    page,
    request,
    deployment,
  }) => {
    test.setTimeout(150_000);
    const { paid } = routerNames((await fetchCatalogue(request, 'G1A2B3')).routers);
    const email = `money.words.${name.replace(' ', '').toLowerCase()}@example.com`;
    // Pyrmont, Boost 100 $79 + Wi-Fi 6 Router $10: $89 a month and a first payment of $89.
    await toPayment(wizard, addresses.pyrmont, {
      router: paid,
      day: name === 'Visa' ? 1 : 0,
      contact: { email, confirmEmail: email },
    });
    const summary = page.getByRole('region', { name: 'Your order' });
    // Before a card is typed: which cards carry none, and the amounts without a fee.
    await expect(page.getByText(/^No card fee on Visa, Mastercard or eftpos\./)).toBeVisible();
    await expect(summary).toContainText(/Monthly charge.*\$89per month/);
    await expect(page.locator('main')).not.toContainText(oldWords);

    await fillCard(wizard, { number, cvv: name === 'Visa' ? '123' : '1234' });
    // Before Submit, the totals with the card's fee, and the box agrees to the same amount.
    await expect(summary).toContainText(new RegExp(`Monthly charge.*\\${total}per month`));
    await expect(summary).toContainText(new RegExp(`First payment.*\\${total}`));
    const agreement = page.getByRole('checkbox', {
      name: new RegExp(`^I agree to a monthly charge of \\${total}(\\.00)?$`),
    });
    await expect(agreement).toBeVisible();
    if (fee) await expect(summary.getByText(fee).first()).toBeVisible();
    else await expect(summary).not.toContainText(/surcharge|card fee/i);
    if (fee) await expectNoSeriousA11yViolations(page, { label: 'payment with a card fee' });

    await acceptCharges(wizard);
    await wizard.button('Submit').click();
    await expectWelcome(wizard);
    const ordered = page.getByRole('region', { name: 'What is charged when' });
    const charged = total === '$89' ? '$89.00' : total;
    await expect(ordered).toContainText(new RegExp(`Monthly charge.*\\${charged}per month`));
    await expect(ordered).toContainText(new RegExp(`First payment.*\\${charged}`));
    if (fee) await expect(ordered.getByText(fee).first()).toBeVisible();
    else await expect(ordered).not.toContainText(/surcharge|card fee/i);
    await expect(page.locator('main')).not.toContainText(oldWords);

    const mail = await confirmationTo(deployment.smtp, email);
    const text = mail.text ?? '';
    expect(text).toContain(`Monthly charge: ${charged} per month`);
    expect(text).toMatch(
      new RegExp(
        `First payment \\(\\w+day \\d{1,2} \\w+ \\d{4}, 15 days after activation\\): \\${charged}`,
      ),
    );
    expect(text).not.toMatch(oldWords);

    const link = /https?:\/\/\S+\/order\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole('heading', { name: 'Your order', level: 1 })).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText(`${charged} per month`);
    await expect(main).toContainText(
      new RegExp(
        `First payment\\${charged} \\w+day \\d{1,2} \\w+ \\d{4}, 15 days after activation`,
      ),
    );
    await expect(main).not.toContainText(oldWords);
    if (!fee) await expect(main).not.toContainText(/surcharge|card fee/i);
  });
}
