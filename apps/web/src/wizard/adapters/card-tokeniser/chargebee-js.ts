/*
 * Chargebee.js, as its public documentation describes it (Card Components, "fields mode"):
 * `Chargebee.init({site, publishableKey})`, `load('components')`, `createComponent('card',
 * options)`, `createField('number' | 'expiry' | 'cvv', options).at(selector)`, `mount()`,
 * `on('ready' | 'change' | 'focus' | 'blur')` and `tokenize(additionalData)` answering `{token}`.
 * Only what this product calls is typed here. The script comes from Chargebee's own host, once per
 * page, and only when the payment step asks for it in this mode.
 */

import { scriptLoader } from '../load-script.ts';

export const CHARGEBEE_JS = 'https://js.chargebee.com/v2/chargebee.js';

export type CardFieldType = 'number' | 'expiry' | 'cvv';

/** A field's state, given with 'change', 'focus' and 'blur'. */
export interface CardFieldState {
  field?: CardFieldType;
  empty?: boolean;
  complete?: boolean;
  error?: { name?: string; message?: string };
  /** The number field's: the card's type ('visa', 'american_express', ...) once told. */
  cardType?: string;
}

export interface ChargebeeCardField {
  on(event: 'ready' | 'change' | 'focus' | 'blur', listener: (state: CardFieldState) => void): void;
  focus(): void;
  destroy?(): void;
}

/** The text style inside Chargebee's frames, per state, with nested pseudo-classes. */
export type FrameTextStyle = Record<string, string | Record<string, string>>;

export interface CardComponentOptions {
  style: { base: FrameTextStyle; invalid?: FrameTextStyle; empty?: FrameTextStyle };
  /** Classes Chargebee puts on each field's container in our page as its state changes. */
  classes: { focus: string; invalid: string; empty: string; complete: string };
  fonts: Array<string | Record<string, string>>;
  placeholder: Partial<Record<CardFieldType, string>>;
  locale: string;
}

export interface TokenizeData {
  firstName?: string;
  lastName?: string;
}

export interface ChargebeeCardComponent {
  createField(
    type: CardFieldType,
    options?: { placeholder?: string; ariaLabel?: string },
  ): { at(selector: string): ChargebeeCardField };
  mount(selector?: string): Promise<unknown>;
  tokenize(additionalData?: TokenizeData): Promise<{ token?: unknown }>;
}

export interface ChargebeeInstance {
  load(module: 'components'): Promise<unknown>;
  createComponent(type: 'card', options: CardComponentOptions): ChargebeeCardComponent;
}

interface ChargebeeStatic {
  init(options: { site: string; publishableKey: string }): ChargebeeInstance;
}

declare global {
  interface Window {
    Chargebee?: ChargebeeStatic;
  }
}

/** Adds Chargebee's script to the page once; a failed load may be tried again later. */
const loadScript = scriptLoader(CHARGEBEE_JS, () => window.Chargebee, 'Chargebee.js');

let instance: Promise<ChargebeeInstance> | null = null;

/**
 * The page's one Chargebee instance with the components module loaded. The site and publishable
 * key come from the public config, which does not change while the page is open.
 */
export function chargebeeComponents(keys: {
  site: string;
  publishableKey: string;
}): Promise<ChargebeeInstance> {
  instance ??= loadScript()
    .then(async (chargebee) => {
      const cb = chargebee.init({ site: keys.site, publishableKey: keys.publishableKey });
      await cb.load('components');
      return cb;
    })
    .catch((error: unknown) => {
      instance = null;
      throw error;
    });
  return instance;
}
