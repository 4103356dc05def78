import { describe, expect, it } from 'vitest';
import { parseProviderCatalogue } from '../catalogue/provider-catalogue.ts';
import { demo, edit } from '../test-support/catalogue-file.ts';
import { buildAcceptance, type AcceptanceInput } from './acceptance.ts';
import { agreementWords } from './agreements.ts';
import {
  DEFAULT_MARKETING_WORDS,
  defaultCollectionNotice,
  legalFromCatalogue,
  otherChargeWords,
  productionDocumentProblems,
} from './legal.ts';

// docs/rules/documents-and-consent.md: the documents and words shown, and the record kept.

function catalogue(text = demo) {
  const parsed = parseProviderCatalogue(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.catalogue;
}

const withoutDocuments = edit(/^documents:\n[\s\S]*?(?=^# The provider's own words)/m, '');
const withoutWords = edit(/^notices:\n[\s\S]*?(?=^\S)/m, '', withoutDocuments);

describe('the documents and words from the catalogue', () => {
  it("shows the demo's terms, privacy policy, notice, marketing words and other charges", () => {
    const legal = legalFromCatalogue(catalogue());
    expect(legal.terms).toEqual({
      title: 'Standard Form of Agreement',
      url: 'https://demofibre.example/legal/standard-form-of-agreement',
      version: '2026-07',
    });
    expect(legal.privacy?.version).toBe('2026-03');
    expect(legal.collectionNotice).toMatch(/^Demo Fibre collects your name/);
    expect(legal.otherCharges.map((c) => c.name)).toEqual([
      'Missed appointment fee',
      'Early cancellation fee',
    ]);
    expect(otherChargeWords(legal.otherCharges[0]!)).toBe(
      'Missed appointment fee $99.00 — if nobody is home for the booked installation window',
    );
  });

  it("gives a catalogue without its own words the defaults, in the provider's name", () => {
    const legal = legalFromCatalogue(catalogue(withoutWords));
    expect(legal.terms).toBeUndefined();
    expect(legal.privacy).toBeUndefined();
    expect(legal.marketingWords).toBe(DEFAULT_MARKETING_WORDS);
    expect(legal.collectionNotice).toBe(defaultCollectionNotice('Demo Fibre'));
  });

  it.each([
    ['the demo', demo, []],
    [
      'a file without documents',
      withoutDocuments,
      [
        expect.stringMatching(/^documents\.terms: is required/),
        expect.stringMatching(/^documents\.privacy: is required/),
      ],
    ],
  ])('finds what %s lacks to take orders lawfully', (_name, text, problems) => {
    expect(productionDocumentProblems(catalogue(text))).toEqual(problems);
  });
});

describe('the acceptance record', () => {
  const legal = legalFromCatalogue(catalogue());
  const input: AcceptanceInput = {
    at: new Date('2026-11-27T01:02:03.000Z'),
    catalogueVersion: 7,
    legal: { ...legal, terms: { ...legal.terms!, sha256: 'ab'.repeat(32) } },
    cis: { planName: 'Boost 100', url: 'https://demofibre.example/cis/boost-100' },
    monthly: 89,
    newDevelopmentCharge: null,
    marketing: false,
  };

  it('keeps what a card order was shown and agreed to, word for word', () => {
    const record = buildAcceptance(input);
    expect(record.acceptedAt).toBe('2026-11-27T01:02:03.000Z');
    expect(record.catalogueVersion).toBe(7);
    expect(record.documents.map((d) => [d.kind, d.version, d.sha256])).toEqual([
      ['terms', '2026-07', 'ab'.repeat(32)],
      ['privacy', '2026-03', null],
      ['cis', null, null],
    ]);
    expect(record.documents[2]!.title).toBe('Critical Information Summary: Boost 100');
    expect(record.agreements).toEqual([
      { box: 'monthly_charge', words: 'I agree to a monthly charge of $89' },
      { box: 'terms', words: agreementWords.terms },
    ]);
    expect(record.marketing).toEqual({ agreed: false, words: legal.marketingWords });
    expect(record.collectionNotice).toBe(legal.collectionNotice);
    expect(record.otherCharges).toHaveLength(2);
  });

  it('adds the New Development Charge for a greenfield building, and the DDR for direct debit', () => {
    const record = buildAcceptance({
      ...input,
      newDevelopmentCharge: 300,
      marketing: true,
      directDebit: {
        title: 'Direct Debit Request and service agreement',
        url: 'https://demofibre.example/legal/direct-debit-request',
        version: '2026-11',
      },
    });
    expect(record.documents.at(-1)).toEqual({
      kind: 'direct_debit',
      title: 'Direct Debit Request and service agreement',
      url: 'https://demofibre.example/legal/direct-debit-request',
      version: '2026-11',
      sha256: null,
    });
    expect(record.agreements.map((a) => a.box)).toEqual([
      'monthly_charge',
      'new_development_charge',
      'terms',
      'direct_debit',
    ]);
    expect(record.agreements[1]!.words).toBe('I agree to the New Development Charge of $300');
    expect(record.marketing.agreed).toBe(true);
  });
});
