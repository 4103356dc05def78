import type { ComponentType } from 'react';

/*
 * The lead-capture form for an address we do not serve yet
 * (docs/rules/address-and-serviceability.md), behind one small interface
 * (docs/rules/outside-parts.md): the built-in form that stores the lead through the API, or the
 * HubSpot form embed when a portal and form id are configured. Either loads only when asked for.
 */

export interface LeadFormProps {
  /** The unserved address the visitor checked. */
  formattedAddress: string;
}

export interface LeadForm {
  load(): Promise<ComponentType<LeadFormProps>>;
}

const embedded: LeadForm = {
  load: () => import('./embedded-lead-form.tsx').then((m) => m.EmbeddedLeadForm),
};

const hubspot: LeadForm = {
  load: () => import('./hubspot-lead-form.tsx').then((m) => m.HubSpotLeadForm),
};

/** The configured implementation (the public config's `adapters.leadForm`). */
export function leadFormFor(kind: string): LeadForm {
  return kind === 'hubspot' ? hubspot : embedded;
}
