/** The extra named fields sent with the booking (docs/rules/orders.md). */
import { z } from 'zod';
import { extraFieldsWithAddOn } from '../pricing/add-on-fields.ts';
import type { DomainConfig } from '../shared/config.ts';
import { CONTRACT_TERM } from '../shared/constants.ts';
import { CHARGE_TEXT } from '../shared/amount-text.ts';
import { formatDollars } from '../shared/money.ts';
import { isCleanText } from '../shared/text.ts';
import { extraFieldNames } from '../shared/extra-field-names.ts';
import type { AddOn } from '../pricing/add-ons.ts';
import type { ExtraFieldEntry, ExtraFieldName, ExtraFields } from '../shared/extra-field-names.ts';

export interface ExtraFieldsInput {
  buildingCode: string;
  termsAgreed: boolean;
  marketing: boolean;
  /** The provider code. */
  rsp: string;
  /** Mbps */
  speed: number;
  howDidYouHear: string;
  promoCode?: string | null;
  referralCode?: string | null;
  routerName: string;
  /** Dollars: the monthly charge. */
  monthlyCost: number;
  addOns: readonly AddOn[];
}

function yesNo(value: boolean): 'YES' | 'NO' {
  return value ? 'YES' : 'NO';
}

export function buildExtraFields(
  input: ExtraFieldsInput,
  rules: Pick<DomainConfig, 'newDevelopmentCharge'>,
): ExtraFields {
  const base: ExtraFields = {
    'Building Code': input.buildingCode,
    'I Agree to the Terms and Conditions': yesNo(input.termsAgreed),
    'Marketing Emails': yesNo(input.marketing),
    'Contract Term': CONTRACT_TERM,
    RSP: input.rsp,
    'Service Type': 'Residential',
    Source: 'Website',
    Speed: String(input.speed),
    'How Did You Hear About Us?': input.howDidYouHear,
    'Promo Code': input.promoCode ?? '',
    'Referral Code': input.referralCode ?? '',
    Router: input.routerName,
    'Monthly Cost': formatDollars(input.monthlyCost),
    // Filled by the add-on rules below, so the two places cannot disagree.
    'New Activation Charge': '',
    'Add-On': '',
  };
  return input.addOns.reduce((fields, addOn) => extraFieldsWithAddOn(fields, addOn, rules), base);
}

/** The template_extra_fields list, in the order of docs/rules/orders.md. */
export function toTemplateExtraFields(fields: ExtraFields): ExtraFieldEntry[] {
  return extraFieldNames.map((name) => ({ name, value: fields[name] }));
}

/**
 * The named fields that only echo the catalogue's constants and the provider (docs/decisions/
 * 009-install-facts.md): they carry no price, date, place, plan or code, the server writes its own
 * value for the installer task, and the body's copy (any text its rule admits, or none) is never
 * compared. Every other named field the server knows is compared with its own value.
 */
export const echoedExtraFields: readonly ExtraFieldName[] = [
  'Contract Term',
  'RSP',
  'Service Type',
  'Source',
];

// What each field's value may be (docs/decisions/009-install-facts.md): short (every pattern
// bounds the length), and only the characters its kind of value has. The server decides the derived ones again from its own facts.
const yesNoValue = /^(YES|NO)$/;
const words = /^[\p{L}\p{N} ?'\u2019/&.-]{0,64}$/u;
const codeValue = /^[A-Za-z0-9_-]{0,64}$/;
// RSP: the provider code ('demo') or its name in a few words; only echoed, never compared.
const providerValue = /^[\p{L}\p{N} _'\u2019/&.-]{0,64}$/u;
// Dollars as parseDollars reads them ('89', '89.50', '$89'), or '' (a charge of nothing).
const amountValue = CHARGE_TEXT;
const valueRules: Readonly<Record<ExtraFieldName, readonly [RegExp, string]>> = {
  'Building Code': [codeValue, 'must be a building code'],
  'I Agree to the Terms and Conditions': [yesNoValue, 'must be YES or NO'],
  'Marketing Emails': [yesNoValue, 'must be YES or NO'],
  'Contract Term': [words, 'must be a few words'],
  RSP: [providerValue, 'must be a provider code or a few words'],
  'Service Type': [words, 'must be a few words'],
  Source: [words, 'must be a few words'],
  Speed: [/^\d{1,6}$/, 'must be a number of Mbps'],
  'How Did You Hear About Us?': [words, 'must be a few words'],
  'Promo Code': [codeValue, 'must be letters, digits, - or _'],
  'Referral Code': [codeValue, 'must be letters, digits, - or _'],
  Router: [words, 'must be a few words'],
  'Monthly Cost': [amountValue, 'must be an amount in dollars'],
  'New Activation Charge': [amountValue, 'must be an amount in dollars'],
  'Add-On': [words, 'must be a few words'],
};

/**
 * template_extra_fields: each named once, each value by its rule. An issue is reported under the
 * field's name ('template_extra_fields.Speed'), which says more than its place in the list.
 */
export const templateExtraFieldsSchema = z
  .array(z.object({ name: z.enum(extraFieldNames), value: z.string() }))
  .max(extraFieldNames.length)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    for (const { name, value } of entries) {
      if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'is repeated' });
      seen.add(name);
      const [pattern, message] = valueRules[name];
      if (!isCleanText(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must not contain control characters',
        });
      } else if (!pattern.test(value.trim())) {
        ctx.addIssue({ code: 'custom', path: [name], message });
      }
    }
  })
  .describe(
    'The extra named fields of docs/rules/orders.md, each at most once. Amounts in dollars, with or without $; a charge of nothing is "", "0", "0.00" or "$0". Contract Term, RSP, Service Type and Source are written by the server: any wording, or none (docs/decisions/009-install-facts.md)',
  );
