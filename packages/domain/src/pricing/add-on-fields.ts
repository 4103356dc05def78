/**
 * What the order's add-ons write into the extra named fields (docs/rules/plans-and-pricing.md).
 */
import type { DomainConfig } from '../shared/config.ts';
import { formatDollars } from '../shared/money.ts';
import type { ExtraFields } from '../shared/extra-field-names.ts';
import { addAddOn, removeAddOn, STATIC_IP_LABEL, type AddOn } from './add-ons.ts';

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
