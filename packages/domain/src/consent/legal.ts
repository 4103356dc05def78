/**
 * The provider's documents and words from the catalogue, as the wizard shows them and the server
 * records them (docs/rules/documents-and-consent.md). A catalogue without its own words gets the
 * defaults below; a provider's own catalogue must name its terms and privacy policy
 * (productionDocumentProblems).
 */
import type { Legal } from '../api/public-config.ts';
import { formatCents } from '../shared/money.ts';
import type { ProviderCatalogue } from '../catalogue/provider-catalogue-schema.ts';

/** The marketing box's words when the catalogue gives none. */
export const DEFAULT_MARKETING_WORDS = 'Send me news and offers by email';

/** The collection notice (APP 5) when the catalogue gives none, in the provider's name. */
export const defaultCollectionNotice = (providerName: string) =>
  `${providerName} collects your name, email address and mobile number to set up, install and ` +
  'bill your internet service and to contact you about your order. Without them we cannot take ' +
  'your order. We share them with our installation scheduling and billing services, which may ' +
  'store them overseas. Our privacy policy explains how to see or correct your details and how ' +
  'to complain.';

const shown = (doc: { title: string; url: string; version: string } | undefined) =>
  doc ? { title: doc.title, url: doc.url, version: doc.version } : undefined;

export function legalFromCatalogue(c: ProviderCatalogue): Legal {
  const terms = shown(c.documents?.terms);
  const privacy = shown(c.documents?.privacy);
  return {
    ...(terms ? { terms } : {}),
    ...(privacy ? { privacy } : {}),
    collectionNotice: c.notices?.collection ?? defaultCollectionNotice(c.provider.name),
    marketingWords: c.notices?.marketing ?? DEFAULT_MARKETING_WORDS,
    otherCharges: (c.other_charges ?? []).map(({ name, amount, when }) => ({ name, amount, when })),
  };
}

/**
 * What a provider's own (non-demo) catalogue lacks to take orders lawfully: its terms and its
 * privacy policy. `npm run catalogue -- check` and `import` refuse such a file.
 */
export function productionDocumentProblems(c: ProviderCatalogue): string[] {
  const problems: string[] = [];
  if (!c.documents?.terms) {
    problems.push(
      "documents.terms: is required for a provider's own catalogue (the terms every order accepts)",
    );
  }
  if (!c.documents?.privacy) {
    problems.push(
      "documents.privacy: is required for a provider's own catalogue (the privacy policy the collection notice links to)",
    );
  }
  return problems;
}

/** The heading over the other charges, wherever they are listed (wizard, mail, console). */
export const OTHER_CHARGES_HEADING = 'Other charges you may have to pay';

/** 'Missed appointment fee $99.00 — if nobody is home for the booked installation window'. */
export const otherChargeWords = (charge: { name: string; amount: number; when: string }) =>
  `${charge.name} ${formatCents(Math.round(charge.amount * 100))} — ${charge.when}`;
