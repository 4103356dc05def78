import { everyMail } from '@fibre/server/testing/mail';
import { expect, test } from '../support/fixtures.ts';

// docs/rules/mail.md#on-a-phone: every HTML mail is fluid. Each one the server writes (rendered
// from the demo's facts, with a unit, long words and every help link) is laid out in Chromium at
// 320 px, the narrowest phone, with nothing to scroll sideways and its amounts and links on screen.

test('every HTML mail fits a 320 px screen without scrolling sideways', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  for (const { name, mail } of everyMail()) {
    await page.setContent(mail.html);
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll, `${name}: ${width.scroll} px wide at 320 px`).toBeLessThanOrEqual(
      width.client,
    );
    // Every link (the order page's, the documents', the help links) starts and ends on screen.
    for (const link of await page.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x, `${name}: ${await link.textContent()}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name}: ${await link.textContent()}`).toBeLessThanOrEqual(320);
    }
    await expect(
      page.getByRole('link', { name: 'Telecommunications Industry Ombudsman 1800 062 058' }),
    ).toBeVisible();
  }
  await context.close();
});
