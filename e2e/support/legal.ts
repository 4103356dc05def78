import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseProviderCatalogue, type ProviderCatalogue } from '@fibre/domain/catalogue';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  nextFrames,
  screenshotDir,
  waitForAnimations,
} from './checks.ts';
import { repoRoot } from './server.ts';

/** The demo catalogue's text (catalogue/demo.yaml), which the shared test server serves. */
export const demoCatalogueText = readFileSync(join(repoRoot, 'catalogue/demo.yaml'), 'utf8');

/** The demo catalogue as the server reads it: the expected documents, notices and charges. */
export function demoCatalogue(): ProviderCatalogue {
  const parsed = parseProviderCatalogue(demoCatalogueText);
  if (!parsed.ok) throw new Error(`catalogue/demo.yaml does not parse: ${JSON.stringify(parsed)}`);
  return parsed.catalogue;
}

/** The two phone widths the legal words are looked at: a common phone and the narrowest. */
export const phones = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/**
 * Screenshots at 390 and 320 px wide (`screenshots/<name>-<w>x<h>.png`), asserting no sideways
 * scroll at each: the full page, or the window while a dialog is open (as captureStep), scrolled
 * to `show` when given. The viewport is restored afterwards.
 */
export async function capturePhones(
  page: Page,
  name: string,
  { show }: { show?: Locator } = {},
): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const size of phones) {
      await page.setViewportSize(size);
      await nextFrames(page);
      await waitForAnimations(page);
      await expectNoHorizontalScroll(page);
      if (show) await show.scrollIntoViewIfNeeded();
      const modal = await page.getByRole('dialog').first().isVisible();
      await page.screenshot({
        path: join(screenshotDir, `${name}-${size.width}x${size.height}.png`),
        fullPage: !modal,
        animations: 'disabled',
      });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** A link that opens a new tab: target _blank, no opener, and it says so to screen readers. */
export async function expectNewTabLink(
  page: Page,
  name: string | RegExp,
  href: string,
): Promise<void> {
  const link = page.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
}

/**
 * What a telco must link (docs/rules/documents-and-consent.md#what-a-telco-links), each in a new
 * tab, within `scope` (the footer, the confirmation, the order page): the demo's complaints
 * process, the Telecommunications Industry Ombudsman with its number and site, the financial
 * hardship policy and family-violence support.
 */
export async function expectHelpLinks(scope: Locator): Promise<void> {
  const documents = demoCatalogue().documents!;
  const expected = [
    [documents.complaints!.title, documents.complaints!.url],
    ['Telecommunications Industry Ombudsman 1800 062 058', 'https://www.tio.com.au'],
    [documents.hardship!.title, documents.hardship!.url],
    [documents.family_violence!.title, documents.family_violence!.url],
  ] as const;
  for (const [title, url] of expected) {
    const link = scope.getByRole('link', { name: `${title} (opens in a new tab)`, exact: true });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
  }
}
