import { describe, expect, it } from 'vitest';
import { parseProviderCatalogue } from '../catalogue/provider-catalogue.ts';
import { demo, edit } from '../test-support/catalogue-file.ts';
import { buildAcceptance, type AcceptanceInput } from './acceptance.ts';
import { agreementWords } from './agreements.ts';
import {
  DEFAULT_MARKETING_WORDS,
  TIO,
  defaultCollectionNotice,
  defaultDecisionsNotice,
  defaultLeadNotice,
  leadNoticeFor,
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
// The demo with its terms and privacy policy but without what a telco must publish.
const withoutTelcoDocuments = edit(
  /^ {2}# What a telco must publish[\s\S]*?(?=^# The provider's own words)/m,
  '\n',
  edit(/^other_charges:\n(?: {2}.*\n)+/m, ''),
);

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
    expect(legal.complaints).toBeUndefined();
    expect(legal.marketingWords).toBe(DEFAULT_MARKETING_WORDS);
    expect(legal.collectionNotice).toBe(defaultCollectionNotice('Demo Fibre'));
    expect(legal.leadNotice).toBe(defaultLeadNotice('Demo Fibre'));
    expect(legal.decisionsNotice).toBe(
      defaultDecisionsNotice({
        name: 'Demo Fibre',
        support_phone: '1300 000 000',
        support_email: 'support@demofibre.example',
      }),
    );
    // Without a complaints document the Ombudsman is still linked, with its number.
    expect(legal.links).toEqual([
      {
        label: 'Telecommunications Industry Ombudsman 1800 062 058',
        href: 'https://www.tio.com.au',
      },
    ]);
  });

  it('links the complaints process, the Ombudsman, the hardship policy and family-violence support', () => {
    const legal = legalFromCatalogue(catalogue());
    expect(legal.ombudsman).toEqual(TIO);
    expect(legal.links).toEqual([
      { label: 'Complaints handling process', href: 'https://demofibre.example/legal/complaints' },
      {
        label: 'Telecommunications Industry Ombudsman 1800 062 058',
        href: 'https://www.tio.com.au',
      },
      {
        label: 'Financial hardship policy',
        href: 'https://demofibre.example/legal/financial-hardship',
      },
      {
        label: 'Family violence support',
        href: 'https://demofibre.example/legal/family-violence-support',
      },
    ]);
    const other = legalFromCatalogue(
      catalogue(
        edit(
          /^ {4}version: '2026-10'\n(?= {2}hardship:)/m,
          "    version: '2026-10'\n    ombudsman: { name: Another Ombudsman, phone: 1800 000 111, url: 'https://ombudsman.example' }\n",
        ),
      ),
    );
    expect(other.links[1]).toEqual({
      label: 'Another Ombudsman 1800 000 111',
      href: 'https://ombudsman.example',
    });
  });

  it('names the decisions the software makes and how to ask a person to review one', () => {
    const { decisionsNotice } = legalFromCatalogue(catalogue());
    for (const decision of [
      'whether your address is served',
      "refusing a unit your building's list does not have",
      'releasing an installation time held for you',
      'flagging an order for our staff to check',
      'To ask a person to review one, call 1300 000 000',
    ])
      expect(decisionsNotice).toContain(decision);
  });

  it("gives the lead form its own notice, naming HubSpot when HubSpot's form is on", () => {
    const legal = legalFromCatalogue(catalogue());
    expect(legal.leadNotice).toMatch(/only to tell you when our service reaches that address/);
    expect(legal.leadNotice).not.toMatch(/Arrivy|Chargebee|bill/);
    expect(leadNoticeFor(legal, 'Demo Fibre', false)).toBe(legal.leadNotice);
    expect(leadNoticeFor(legal, 'Demo Fibre', true)).toMatch(/marketing service \(HubSpot\)/);
    // The catalogue's own words stay its own whichever form is on.
    const own = { ...legal, leadNotice: 'Our own words.' };
    expect(leadNoticeFor(own, 'Demo Fibre', true)).toBe('Our own words.');
  });

  it.each([
    ['the demo', demo, []],
    [
      'a file without documents',
      withoutDocuments,
      [
        expect.stringMatching(/^documents\.terms: is required/),
        expect.stringMatching(/^documents\.privacy: is required/),
        expect.stringMatching(/^documents\.complaints: is required/),
        expect.stringMatching(/^documents\.hardship: is required/),
        expect.stringMatching(/^documents\.family_violence: is required/),
      ],
    ],
    [
      'a file without what a telco must publish',
      withoutTelcoDocuments,
      [
        expect.stringMatching(/^documents\.complaints: is required/),
        expect.stringMatching(/^documents\.hardship: is required/),
        expect.stringMatching(/^documents\.family_violence: is required/),
        expect.stringMatching(/^other_charges: is required/),
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
