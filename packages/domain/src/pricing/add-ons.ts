/**
 * Add-ons in the order (docs/rules/plans-and-pricing.md); what they write into the extra named
 * fields is add-on-fields.ts's (apart, so the first screen's store, which adds and removes them,
 * does not carry the fields' money formatting).
 */

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
