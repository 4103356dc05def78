import type { DomainConfig } from '../shared/config.ts';
import { formatDollars } from '../shared/money.ts';
import type { Address } from './address.ts';

/**
 * The statuses that show the available dialog; anything else, 'failed' too, does not
 * (docs/rules/address-and-serviceability.md).
 */
export const serviceableStatuses = ['LIT', 'ComingSoon', 'BuildCommenced'] as const;

export function isServiceable(status: string): boolean {
  return (serviceableStatuses as readonly string[]).includes(status);
}

export type BuildingFacts = Pick<Address, 'status' | 'greenfield' | 'commercial' | 'mixed'>;

/** The texts the availability dialog and the plan step show for each building variant. */
export const serviceabilityText = {
  upTo1GB: 'Speeds up to 1GB',
  max100Mbps: 'Maximum speed 100Mbps',
  /** The catalogue's charge: $300 for the demo provider. */
  newDevelopmentCharge: (amount: number) =>
    `A one-off New Development Charge of $${formatDollars(amount)} applies to new developments.`,
  residential: 'Residential',
  business: 'Business',
  contactPartner: (phone: string) =>
    `For business internet, please contact our partner telecom at ${phone}.`,
} as const;

/**
 * Speeds above this many Mbps need a LIT or greenfield building (docs/rules/plans-and-pricing.md).
 */
export function speedCapMbps(address: Pick<Address, 'status' | 'greenfield'>): 1000 | 100 {
  return address.status === 'LIT' || address.greenfield ? 1000 : 100;
}

export type BuildingVariant =
  | { kind: 'greenfield'; speedCapMbps: 1000; speedText: string; chargeText: string }
  | {
      kind: 'residential-or-business';
      speedCapMbps: 1000;
      speedText: string;
      /** shown when the visitor switches the toggle to Business */
      businessText: string;
    }
  | { kind: 'lit'; speedCapMbps: 1000; speedText: string }
  | { kind: 'commercial'; contactText: string }
  | { kind: 'capped'; speedCapMbps: 100; speedText: string };

/**
 * The building variants of docs/rules/address-and-serviceability.md, first match wins. A commercial
 * greenfield building counts as commercial: the heading rule treats it apart from greenfield, and
 * it offers no plans.
 */
export function buildingVariant(
  address: BuildingFacts,
  partnerPhone: string,
  rules: Pick<DomainConfig, 'newDevelopmentCharge'>,
): BuildingVariant {
  const text = serviceabilityText;
  if (address.greenfield && !address.commercial) {
    return {
      kind: 'greenfield',
      speedCapMbps: 1000,
      speedText: text.upTo1GB,
      chargeText: text.newDevelopmentCharge(rules.newDevelopmentCharge),
    };
  }
  if (address.status === 'LIT' && address.mixed) {
    return {
      kind: 'residential-or-business',
      speedCapMbps: 1000,
      speedText: text.upTo1GB,
      businessText: text.contactPartner(partnerPhone),
    };
  }
  if (address.status === 'LIT' && !address.commercial) {
    return { kind: 'lit', speedCapMbps: 1000, speedText: text.upTo1GB };
  }
  if (address.commercial) {
    return { kind: 'commercial', contactText: text.contactPartner(partnerPhone) };
  }
  return { kind: 'capped', speedCapMbps: 100, speedText: text.max100Mbps };
}

/**
 * The available dialog's 'View plans' is hidden for commercial sites
 * (docs/rules/address-and-serviceability.md).
 */
export function showsViewPlans(address: Pick<Address, 'commercial'>): boolean {
  return !address.commercial;
}
