/**
 * Add-ons in the order and what they write into the extra named fields
 * (docs/rules/plans-and-pricing.md).
 */
import type { DomainConfig } from '../shared/config.ts';
import { formatDollars } from '../shared/money.ts';
import type { ExtraFields } from '../shared/extra-field-names.ts';

export type AddOn = 'static-ip' | 'new-development-fee';

export const addOnCodes: readonly AddOn[] = ['static-ip', 'new-development-fee'];

export const STATIC_IP_LABEL = 'Static IP';

/**
 * An add-on's name wherever an order is shown (the mail, the order page, the console): the
 * summary's own words; an id the product does not know is shown as it is.
 */
export function addOnLabel(id: string): string {
  if (id === 'static-ip') return STATIC_IP_LABEL;
  if (id === 'new-development-fee') return 'New Development Charge';
  return id;
}

export function isAddOn(value: string): value is AddOn {
  return (addOnCodes as readonly string[]).includes(value);
}

export function hasAddOn(addOns: readonly AddOn[], addOn: AddOn): boolean {
  return addOns.includes(addOn);
}

/** Idempotent: adding an add-on already in the order leaves the order as it was. */
export function addAddOn(addOns: readonly AddOn[], addOn: AddOn): AddOn[] {
  return hasAddOn(addOns, addOn) ? [...addOns] : [...addOns, addOn];
}

export function removeAddOn(addOns: readonly AddOn[], addOn: AddOn): AddOn[] {
  return addOns.filter((code) => code !== addOn);
}

/** New Activation Charge carries the catalogue's new development charge ('300' for the demo). */
export function extraFieldsWithAddOn(
  fields: ExtraFields,
  addOn: AddOn,
  rules: Pick<DomainConfig, 'newDevelopmentCharge'>,
): ExtraFields {
  return addOn === 'static-ip'
    ? { ...fields, 'Add-On': STATIC_IP_LABEL }
    : { ...fields, 'New Activation Charge': formatDollars(rules.newDevelopmentCharge) };
}

/**
 * Removing static-ip clears Add-On, and removing the new-development fee clears New Activation
 * Charge the same way, so the fields never claim a charge the order lacks
 * (docs/rules/plans-and-pricing.md: add-ons).
 */
export function extraFieldsWithoutAddOn(fields: ExtraFields, addOn: AddOn): ExtraFields {
  return addOn === 'static-ip'
    ? { ...fields, 'Add-On': '' }
    : { ...fields, 'New Activation Charge': '' };
}

/** The order's add-on list and extra fields move together (docs/rules/plans-and-pricing.md). */
export interface AddOnOrder {
  addOns: AddOn[];
  extraFields: ExtraFields;
}

export function orderWithAddOn(
  order: AddOnOrder,
  addOn: AddOn,
  rules: Pick<DomainConfig, 'newDevelopmentCharge'>,
): AddOnOrder {
  return {
    addOns: addAddOn(order.addOns, addOn),
    extraFields: extraFieldsWithAddOn(order.extraFields, addOn, rules),
  };
}

export function orderWithoutAddOn(order: AddOnOrder, addOn: AddOn): AddOnOrder {
  return {
    addOns: removeAddOn(order.addOns, addOn),
    extraFields: extraFieldsWithoutAddOn(order.extraFields, addOn),
  };
}
