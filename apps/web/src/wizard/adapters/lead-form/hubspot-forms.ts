/*
 * HubSpot's forms embed (v2), as its public documentation describes it: the script
 * //js.hsforms.net/forms/embed/v2.js defines `hbspt.forms.create(options)`, which renders the form
 * into `target` (a CSS selector) and calls back `onFormReady($form)`, `onFormSubmit($form)` (valid,
 * about to be sent) and `onFormSubmitted($form, {redirectUrl, submissionValues})` (HubSpot has
 * it). `$form` is the form element, or a jQuery object around it when the page has jQuery. Only
 * what this product calls is typed here (docs/decisions/006-hubspot-lead-form.md).
 */

import { scriptLoader } from '../load-script.ts';

export const HUBSPOT_FORMS_JS = 'https://js.hsforms.net/forms/embed/v2.js';

/** The form element, or jQuery's wrapper around it (`$form[0]`). */
export type HubSpotFormArg = HTMLFormElement | ArrayLike<HTMLFormElement>;

export interface HubSpotSubmittedData {
  redirectUrl?: string;
  /** The submitted values by HubSpot field name, e.g. `{firstname, lastname, email, phone}`. */
  submissionValues?: Record<string, unknown>;
}

export interface HubSpotCreateOptions {
  region: string;
  portalId: string;
  formId: string;
  /** A CSS selector of an element already on the page. */
  target: string;
  onFormReady?: (form: HubSpotFormArg) => void;
  onFormSubmit?: (form: HubSpotFormArg) => void;
  onFormSubmitted?: (form: HubSpotFormArg, data?: HubSpotSubmittedData) => void;
}

export interface HubSpotForms {
  create(options: HubSpotCreateOptions): unknown;
}

declare global {
  interface Window {
    hbspt?: { forms?: HubSpotForms };
  }
}

/** Adds HubSpot's embed script to the page once; a failed load may be tried again later. */
export const loadHubSpotForms = scriptLoader(
  HUBSPOT_FORMS_JS,
  () => window.hbspt?.forms,
  'The HubSpot forms script',
);

/** The form element a callback was given, with or without jQuery around it. */
export function formElement(arg: HubSpotFormArg | null | undefined): HTMLFormElement | null {
  if (!arg) return null;
  // Duck-typed: HubSpot may render inside a frame of its own, whose elements are another realm's.
  if (typeof (arg as HTMLFormElement).querySelector === 'function') return arg as HTMLFormElement;
  const first = (arg as ArrayLike<HTMLFormElement>)[0];
  return first && typeof first.querySelector === 'function' ? first : null;
}
