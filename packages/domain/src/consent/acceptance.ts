/**
 * An order's acceptance record (docs/rules/documents-and-consent.md): what the visitor was shown
 * and agreed to, built by the server from the served catalogue and the body's ticks, never from
 * words the browser sends.
 */
import type { AcceptanceRecord, AcceptedDocument } from '../api/acceptance.ts';
import type { Legal } from '../api/public-config.ts';
import { agreementWords } from './agreements.ts';

export type { AcceptanceRecord, AcceptedDocument };

export interface AcceptanceInput {
  at: Date;
  catalogueVersion: number;
  /** The served catalogue's documents and words (legalFromCatalogue). */
  legal: Legal & {
    terms?: { sha256?: string | undefined } | undefined;
    privacy?: { sha256?: string | undefined } | undefined;
  };
  /** The ordered plan's Critical Information Summary. */
  cis: { planName: string; url: string; version?: string | undefined; sha256?: string | undefined };
  /** Dollars a month, as the server priced them. */
  monthly: number;
  /** The new-development charge in dollars when it applies (greenfield), else null. */
  newDevelopmentCharge: number | null;
  marketing: boolean;
  /**
   * The Direct Debit Request and service agreement of an order paid by direct debit, whose box was
   * ticked (docs/rules/documents-and-consent.md#direct-debit); absent for a card.
   */
  directDebit?: {
    title: string;
    url: string;
    version?: string | undefined;
    sha256?: string | undefined;
  };
}

const doc = (
  kind: AcceptedDocument['kind'],
  d: { title: string; url: string; version?: string | undefined; sha256?: string | undefined },
): AcceptedDocument => ({
  kind,
  title: d.title,
  url: d.url,
  version: d.version ?? null,
  sha256: d.sha256 ?? null,
});

export function buildAcceptance(input: AcceptanceInput): AcceptanceRecord {
  const { legal } = input;
  const documents: AcceptedDocument[] = [];
  if (legal.terms) documents.push(doc('terms', legal.terms));
  if (legal.privacy) documents.push(doc('privacy', legal.privacy));
  documents.push(
    doc('cis', { ...input.cis, title: `Critical Information Summary: ${input.cis.planName}` }),
  );
  if (input.directDebit) documents.push(doc('direct_debit', input.directDebit));
  return {
    schema: 1,
    acceptedAt: input.at.toISOString(),
    catalogueVersion: input.catalogueVersion,
    documents,
    agreements: [
      { box: 'monthly_charge', words: agreementWords.monthlyCharge(input.monthly) },
      ...(input.newDevelopmentCharge === null
        ? []
        : [
            {
              box: 'new_development_charge' as const,
              words: agreementWords.newDevelopmentCharge(input.newDevelopmentCharge),
            },
          ]),
      { box: 'terms', words: agreementWords.terms },
      ...(input.directDebit
        ? [{ box: 'direct_debit' as const, words: agreementWords.directDebit }]
        : []),
    ],
    collectionNotice: legal.collectionNotice,
    marketing: { agreed: input.marketing, words: legal.marketingWords },
    otherCharges: legal.otherCharges.map(({ name, amount, when }) => ({ name, amount, when })),
  };
}
