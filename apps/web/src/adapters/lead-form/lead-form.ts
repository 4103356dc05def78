import type { ComponentType } from 'react';

/*
 * The lead-capture form for an address we do not serve yet (SPEC.md 1 and 2), behind one small
 * interface (PRODUCT.md 2): the built-in form that stores the lead through the API, or the HubSpot
 * form embed when a portal and form id are configured. Either loads only when asked for.
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

/** The configured implementation; the HubSpot embed plugs in here and falls back to the built-in. */
export function leadFormFor(kind: string): LeadForm {
  if (kind === 'hubspot') {
    console.warn('[wizard] the HubSpot lead form is not built yet; using the built-in form');
  }
  return embedded;
}
