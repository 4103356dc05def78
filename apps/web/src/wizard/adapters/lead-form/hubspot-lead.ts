import { leadSchema } from '@fibre/domain/contact';
import type { LeadBody } from '../../../shared/api/leads.ts';

/*
 * Between HubSpot's form and our own lead record. The field names are HubSpot's default contact
 * properties (internal names), which its default contact form uses.
 */

/** The fields our lead is made of, by HubSpot field name, in the order they are looked for. */
export const hubSpotLeadFields = ['firstname', 'lastname', 'email', 'phone', 'mobilephone'];

/**
 * The field the checked address is carried in: HubSpot's default contact property 'Street
 * address'. A form without it simply does not get it; our own record has the address anyway.
 */
export const hubSpotAddressField = 'address';

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(';');
  return '';
}

/**
 * Our own lead from what the visitor entered in HubSpot's form. A phone our rules do not accept as
 * a mobile (HubSpot's phone field takes any number) would make the whole record fail, so it is
 * kept, as entered, in the message instead.
 */
export function leadFromHubSpot(
  values: Readonly<Record<string, unknown>>,
  formattedAddress: string,
): LeadBody {
  const lead: LeadBody = {
    firstName: text(values.firstname),
    lastName: text(values.lastname),
    email: text(values.email),
    formatted_address: formattedAddress,
  };
  const phone = text(values.phone) || text(values.mobilephone);
  if (phone) {
    if (leadSchema.shape.phone.safeParse(phone).success) lead.phone = phone;
    else lead.message = `Phone as entered in the HubSpot form: ${phone}`;
  }
  return lead;
}

/** The values of our lead's fields in a HubSpot form element, by HubSpot field name. */
export function enteredValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of hubSpotLeadFields) {
    const field = form.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (field && typeof field.value === 'string') values[name] = field.value;
  }
  return values;
}

/**
 * Puts `value` into the form's field `name`, if the form has one, the way HubSpot's documentation
 * says (set the value, then an input event); through the element's own value setter, so a form
 * rendered by a framework in HubSpot's own frame sees it too. Answers whether the field was there.
 */
export function prefillField(form: HTMLFormElement, name: string, value: string): boolean {
  const field = form.querySelector<HTMLInputElement>(`[name="${name}"]`);
  const view = (field?.ownerDocument.defaultView ?? window) as typeof globalThis;
  const prototypes: Record<string, object | undefined> = {
    INPUT: view.HTMLInputElement.prototype,
    TEXTAREA: view.HTMLTextAreaElement.prototype,
  };
  const prototype = field ? prototypes[field.tagName] : undefined;
  const setter = prototype && Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!field || !setter) return false;
  setter.call(field, value);
  field.dispatchEvent(new view.Event('input', { bubbles: true }));
  field.dispatchEvent(new view.Event('change', { bubbles: true }));
  return true;
}
