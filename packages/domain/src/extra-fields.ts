/** The extra named fields sent with the booking (SPEC.md 3). */
import { extraFieldsWithAddOn } from './add-ons.ts';
import { CONTRACT_TERM } from './constants.ts';
import { formatDollars } from './messages.ts';
import { extraFieldNames } from './types.ts';
import type { AddOn, ExtraFieldEntry, ExtraFields } from './types.ts';

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

export function buildExtraFields(input: ExtraFieldsInput): ExtraFields {
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
  return input.addOns.reduce(extraFieldsWithAddOn, base);
}

/** The template_extra_fields list, in SPEC.md's order. */
export function toTemplateExtraFields(fields: ExtraFields): ExtraFieldEntry[] {
  return extraFieldNames.map((name) => ({ name, value: fields[name] }));
}
