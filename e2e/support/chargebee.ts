import { expect, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import type { CardValues } from './checkout.ts';
import { serveStandIn } from './third-party.ts';

// Chargebee.js in the browser, answered by e2e/stand-ins/chargebee.js at its real URL, whose
// fields are frames from js.chargebee.com (e2e/stand-ins/chargebee-field.html).

export const CHARGEBEE_JS = 'https://js.chargebee.com/v2/chargebee.js';
/** The publishable key the spec's server gives the browser (never a secret). */
export const PUBLISHABLE_KEY = 'test_pk_stand_in_0123456789';

export interface ChargebeeStandInRecord {
  init: Array<{ site: string; publishableKey: string }>;
  tokenize: Array<{
    additionalData: Record<string, unknown> | null;
    token?: string;
    error?: string;
  }>;
}

/**
 * Serves Chargebee.js and its field frames from js.chargebee.com for every page of `context`;
 * answers the URLs the script was asked for.
 */
export async function serveChargebeeJs(context: BrowserContext): Promise<string[]> {
  const scripts = await serveStandIn(context, CHARGEBEE_JS, 'chargebee.js');
  await serveStandIn(
    context,
    /^https:\/\/js\.chargebee\.com\/v2\/stand-in\/card-field\.html/,
    'chargebee-field.html',
  );
  return scripts;
}

/** The frame Chargebee put in the field that `label` names ('Card number', 'Expiry', 'CVV'). */
export function cardFrame(page: Page, label: string): FrameLocator {
  return page.getByRole('group', { name: label, exact: true }).frameLocator('iframe');
}

/** Types a card into Chargebee's frames and the cardholder's name into our own field. */
export async function fillChargebeeCard(page: Page, card: CardValues): Promise<void> {
  const type = async (label: string, value: string) => {
    const input = cardFrame(page, label).getByRole('textbox', { name: label, exact: true });
    await input.fill(value);
  };
  await type('Card number', card.number);
  await type('Expiry', card.expiry ?? '12/34');
  await type('CVV', card.cvv ?? '123');
  await page.getByLabel('Cardholder name', { exact: true }).fill(card.name ?? "Mary O'Brien");
}

/** What the stand-in script recorded: Chargebee.init's options and every tokenize call. */
export async function chargebeeRecord(page: Page): Promise<ChargebeeStandInRecord> {
  const record = await page.evaluate(
    () => (window as unknown as { __chargebeeStandIn?: ChargebeeStandInRecord }).__chargebeeStandIn,
  );
  expect(record, 'the Chargebee.js stand-in did not run').toBeDefined();
  return record!;
}

/** Waits until the three fields' frames have been mounted and answered. */
export async function expectCardFramesReady(page: Page): Promise<void> {
  for (const label of ['Card number', 'Expiry', 'CVV']) {
    await expect(
      cardFrame(page, label).getByRole('textbox', { name: label, exact: true }),
    ).toBeVisible();
  }
}
