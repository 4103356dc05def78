import { cardSchemeOfChargebeeType } from '@fibre/domain/pricing';
import { messages } from '@fibre/domain/shared';
import { setCardScheme } from '../../order-summary/card-scheme.ts';
import { useEffect, useId, useImperativeHandle, useRef } from 'react';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { cardFieldId, cardFieldInvalid, type CardField } from './card-fields.ts';
import type { CardFieldsProps, TokeniseResult } from './card-tokeniser.ts';
import { CardholderNameField } from './cardholder-name-field.tsx';
import {
  chargebeeComponents,
  type CardFieldType,
  type ChargebeeCardComponent,
  type ChargebeeCardField,
} from './chargebee-js.ts';
import { cardComponentOptions, cardholderName, pageTextTokens } from './chargebee-options.ts';
import './card-fields.css';
import './chargebee.css';

const refused: TokeniseResult = { error: messages.cardInvalid };
/** Chargebee.js could not be loaded, or the browser is offline: nothing says the card is wrong. */
const unreachable: TokeniseResult = {
  error: messages.paymentServiceUnreachable,
  unreachable: true,
};

/**
 * What a failed Chargebee.js call answers: the connection message when the browser knows it is
 * offline (Chargebee.js's own request then never left), the card error otherwise (Chargebee's
 * refusal does not say which field is wrong).
 */
export const chargebeeFailure = (online: boolean): TokeniseResult =>
  online ? refused : unreachable;

interface Mounted {
  component: ChargebeeCardComponent;
  fields: Partial<Record<CardFieldType, ChargebeeCardField>>;
}

const frames: Array<{ type: CardFieldType; label: string; hint?: string }> = [
  { type: 'number', label: 'Card number' },
  { type: 'expiry', label: 'Expiry', hint: 'MM/YY' },
  { type: 'cvv', label: 'CVV', hint: '3 or 4 digits' },
];

/**
 * Chargebee.js card fields (docs/rules/outside-parts.md): number, expiry and CVV live in
 * Chargebee's iframes, so no card data ever reaches this page; only the cardholder's name is ours.
 * Submit asks Chargebee for a token with that name; an incomplete or invalid card or a refusal
 * answers the card error (docs/rules/contact-and-connection.md), a script that never loaded or a
 * browser offline the connection message with no field marked, and the visitor stays on Payment. Chargebee does not say
 * which of its fields is wrong: then every card field is marked; only the name is checked here.
 */
export function ChargebeeCardFields({
  ref,
  idPrefix,
  errorId,
  problems,
  disabled,
}: CardFieldsProps) {
  const keys = useConfig().site.services.chargebee;
  // Chargebee mounts into containers it finds by selector: an id without useId's punctuation.
  const prefix = `cb-${useId().replace(/[^\w-]/g, '')}`;
  const mounting = useRef<Promise<Mounted> | null>(null);
  const mounted = useRef<Mounted | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let gone = false;
    const fields: ChargebeeCardField[] = [];
    const byType: Partial<Record<CardFieldType, ChargebeeCardField>> = {};
    const mount = async (): Promise<Mounted> => {
      if (!keys?.site || !keys.publishableKey) throw new Error('Chargebee.js is not configured');
      const cb = await chargebeeComponents(keys);
      if (gone) throw new Error('the card fields were left before Chargebee.js loaded');
      const component = cb.createComponent(
        'card',
        cardComponentOptions(pageTextTokens(nameInput.current)),
      );
      for (const { type, label } of frames) {
        const field = component.createField(type, { ariaLabel: label }).at(`#${prefix}-${type}`);
        // A frame is named by its field's label, for screen readers listing the page's frames.
        field.on('ready', () => nameFrame(`${prefix}-${type}`, label));
        // The number field's change names the card's type (Chargebee.js's cardType): the fee's
        // preview (docs/rules/plans-and-pricing.md#card-fees).
        if (type === 'number')
          field.on('change', (state) => setCardScheme(cardSchemeOfChargebeeType(state.cardType)));
        fields.push(field);
        byType[type] = field;
      }
      await component.mount();
      return { component, fields: byType };
    };
    const attempt = mount();
    mounting.current = attempt;
    attempt.then(
      (m) => {
        if (!gone) mounted.current = m;
      },
      // The visitor can still press Submit: tokenise() then answers the card error.
      () => undefined,
    );
    return () => {
      gone = true;
      mounted.current = null;
      mounting.current = null;
      for (const field of fields) field.destroy?.();
    };
  }, [keys, prefix]);

  useImperativeHandle(
    ref,
    () => ({
      focus: (field: CardField = 'number') => {
        if (field === 'name') nameInput.current?.focus();
        else mounted.current?.fields[field]?.focus();
      },
      // Chargebee's frames are judged by Chargebee on Submit; the name is ours.
      check: () =>
        cardholderName(nameInput.current?.value ?? '')
          ? {}
          : { name: messages.cardholderNameRequired },
      async tokenise() {
        const holder = cardholderName(nameInput.current?.value ?? '');
        if (!holder || !mounting.current) return refused;
        let component: ChargebeeCardComponent;
        try {
          ({ component } = await mounting.current);
        } catch {
          // Chargebee.js (or its fields) never loaded: the card was never looked at.
          return unreachable;
        }
        try {
          const answer = await component.tokenize(holder);
          const token = answer?.token;
          return typeof token === 'string' && token !== '' ? { token } : refused;
        } catch {
          return chargebeeFailure(navigator.onLine);
        }
      },
    }),
    [],
  );

  return (
    <div className="card-fields">
      {frames.map(({ type, label, hint }) => (
        <div
          key={type}
          className={['field', type === 'number' ? 'card-fields__number' : '']
            .filter(Boolean)
            .join(' ')}
        >
          <span className="field__label" id={`${prefix}-${type}-label`}>
            {label}
          </span>
          {/* Chargebee puts its frame in here and marks the box with its state's classes. */}
          <div
            id={`${prefix}-${type}`}
            className="input cb-field"
            role="group"
            aria-labelledby={`${prefix}-${type}-label`}
            aria-describedby={
              [
                hint ? `${prefix}-${type}-hint` : null,
                cardFieldInvalid({ errorId, problems }, type) ? errorId : null,
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
            data-invalid={cardFieldInvalid({ errorId, problems }, type) || undefined}
          />
          {hint && (
            <p className="field__hint" id={`${prefix}-${type}-hint`}>
              {hint}
            </p>
          )}
        </div>
      ))}
      <CardholderNameField
        id={cardFieldId(idPrefix, 'name')}
        disabled={disabled}
        invalid={cardFieldInvalid({ errorId, problems }, 'name')}
        error={problems.name}
        errorId={errorId}
        inputRef={nameInput}
      />
    </div>
  );
}

/** Titles Chargebee's frame in the container with its field's label (axe: frame-title). */
function nameFrame(containerId: string, label: string) {
  const frame = document.getElementById(containerId)?.querySelector('iframe');
  if (frame && !frame.title) frame.title = label;
}
