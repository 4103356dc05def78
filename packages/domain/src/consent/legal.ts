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

/**
 * The lead form's collection notice (APP 5) when the catalogue gives none: what a registration
 * of interest is for and who receives it, the provider's HubSpot form named when it is the one
 * the lead form shows (docs/rules/documents-and-consent.md).
 */
export const defaultLeadNotice = (providerName: string, hubspot = false) =>
  `${providerName} collects your name, email address, mobile number (if you give it) and the ` +
  'address you register only to tell you when our service reaches that address. Without an ' +
  'email address we cannot tell you. ' +
  (hubspot
    ? 'We keep them in our own records and in our marketing service (HubSpot), which may store ' +
      'them in the United States. '
    : 'We keep them in our own records and share them with no one. ') +
  'Our privacy policy explains how to see, correct or remove your details and how to complain.';

/**
 * The decisions the software makes about a person, and how to ask a person to review one, when
 * the catalogue gives no words of its own (docs/rules/documents-and-consent.md#decisions-the-software-makes).
 */
export const defaultDecisionsNotice = (provider: {
  name: string;
  support_phone: string;
  support_email: string;
}) =>
  `Some decisions are made by ${provider.name}'s software: whether your address is served, ` +
  "refusing a unit your building's list does not have, releasing an installation time held for " +
  'you when the hold runs out, and flagging an order for our staff to check. To ask a person to ' +
  `review one, call ${provider.support_phone} or email ${provider.support_email}.`;

/** The body a customer may take a complaint to when the catalogue names no other. */
export const TIO = {
  name: 'Telecommunications Industry Ombudsman',
  phone: '1800 062 058',
  url: 'https://www.tio.com.au',
} as const;

const shown = (doc: { title: string; url: string; version: string } | undefined) =>
  doc ? { title: doc.title, url: doc.url, version: doc.version } : undefined;

/**
 * What every page's footer, the confirmation, the order page and every mail link
 * (docs/rules/documents-and-consent.md#what-a-telco-links): the complaints process, the
 * Ombudsman with its number, the hardship policy, family-violence support; a document the
 * catalogue does not name is left out. (The terms and the privacy policy are linked where they
 * are agreed to and where details are taken.)
 */
export function helpLinks(
  legal: Pick<Legal, 'complaints' | 'hardship' | 'familyViolence' | 'ombudsman'>,
) {
  const link = (doc: { title: string; url: string } | undefined) =>
    doc ? [{ label: doc.title, href: doc.url }] : [];
  return [
    ...link(legal.complaints),
    { label: `${legal.ombudsman.name} ${legal.ombudsman.phone}`, href: legal.ombudsman.url },
    ...link(legal.hardship),
    ...link(legal.familyViolence),
  ];
}

export function legalFromCatalogue(c: ProviderCatalogue): Legal {
  const docs = c.documents;
  const found = {
    terms: shown(docs?.terms),
    privacy: shown(docs?.privacy),
    complaints: shown(docs?.complaints),
    hardship: shown(docs?.hardship),
    familyViolence: shown(docs?.family_violence),
  };
  const named = Object.fromEntries(Object.entries(found).filter(([, doc]) => doc !== undefined));
  const ombudsman = docs?.complaints?.ombudsman ?? { ...TIO };
  return {
    ...named,
    ombudsman,
    links: helpLinks({ ...found, ombudsman }),
    collectionNotice: c.notices?.collection ?? defaultCollectionNotice(c.provider.name),
    leadNotice: c.notices?.lead_collection ?? defaultLeadNotice(c.provider.name),
    decisionsNotice: c.notices?.decisions ?? defaultDecisionsNotice(c.provider),
    marketingWords: c.notices?.marketing ?? DEFAULT_MARKETING_WORDS,
    otherCharges: (c.other_charges ?? []).map(({ name, amount, when }) => ({ name, amount, when })),
  };
}

/**
 * The lead notice the wizard shows: the catalogue's words, or the default naming HubSpot when
 * the provider's HubSpot form is the lead form (the public config knows which).
 */
export function leadNoticeFor(legal: Legal, providerName: string, hubspot: boolean): string {
  return hubspot && legal.leadNotice === defaultLeadNotice(providerName)
    ? defaultLeadNotice(providerName, true)
    : legal.leadNotice;
}

/**
 * What a provider's own (non-demo) catalogue lacks to take orders lawfully: its terms, its
 * privacy policy, and what a telco must publish (its complaints process, financial hardship
 * policy, family-violence support and other fees). `npm run catalogue -- check` and `import`
 * refuse such a file.
 */
export function productionDocumentProblems(c: ProviderCatalogue): string[] {
  const required = [
    ['terms', 'the terms every order accepts'],
    ['privacy', 'the privacy policy the collection notice links to'],
    ['complaints', 'the complaints handling process, linked with the Ombudsman on every page'],
    ['hardship', 'the financial hardship policy, linked on every page'],
    ['family_violence', 'family-violence support, linked on every page'],
  ] as const;
  const problems = required
    .filter(([kind]) => !c.documents?.[kind])
    .map(([kind, why]) => `documents.${kind}: is required for a provider's own catalogue (${why})`);
  if (!c.other_charges) {
    problems.push(
      "other_charges: is required for a provider's own catalogue (the fees a customer may meet after the sale, shown with the plan; [] when there are none)",
    );
  }
  return problems;
}

/** The heading over the other charges, wherever they are listed (wizard, mail, console). */
export const OTHER_CHARGES_HEADING = 'Other charges you may have to pay';

/** 'Missed appointment fee $99.00 — if nobody is home for the booked installation window'. */
export const otherChargeWords = (charge: { name: string; amount: number; when: string }) =>
  `${charge.name} ${formatCents(Math.round(charge.amount * 100))} — ${charge.when}`;
