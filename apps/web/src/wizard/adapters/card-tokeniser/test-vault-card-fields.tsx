import { cardSchemeOf } from '@fibre/domain/pricing';
import { messages } from '@fibre/domain/shared';
import { setCardScheme } from '../../order-summary/card-scheme.ts';
import { useImperativeHandle, useRef, type ChangeEvent } from 'react';
import { createTestVaultToken } from '../../../shared/api/card-vault.ts';
import { Field } from '../../../shared/ui/field.tsx';
import { cardFieldId, cardFieldInvalid, vaultUnreachable, type CardField } from './card-fields.ts';
import type { CardFieldsProps, TokeniseResult } from './card-tokeniser.ts';
import { CardholderNameField } from './cardholder-name-field.tsx';
import {
  digitsOf,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  plainCardProblems,
  vaultFieldProblems,
} from './card-input.ts';
import './card-fields.css';

/**
 * The test-mode vault's card fields (docs/rules/demo-data.md: test cards). What is typed lives in
 * the inputs only, never in React's state, the wizard's store or sessionStorage, and is sent once,
 * to the vault, which answers a token. The inputs are uncontrolled: a keystroke is formatted in
 * place and draws nothing in React (bench/README.md, INP on the payment form). The vault judges the card (Luhn, expiry, CVV) and names the
 * wrong fields; this form only refuses what is plainly incomplete without a call.
 */
export function TestVaultCardFields({
  ref,
  idPrefix,
  errorId,
  problems,
  disabled,
}: CardFieldsProps) {
  const numberInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  const cvvInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // The expiry as last shown: typing forwards adds the slash, deleting goes back through it.
  const expiryShown = useRef('');
  const id = (field: CardField) => cardFieldId(idPrefix, field);
  const typed = () => ({
    number: numberInput.current?.value ?? '',
    expiry: expiryInput.current?.value ?? '',
    cvv: cvvInput.current?.value ?? '',
    name: nameInput.current?.value ?? '',
  });

  useImperativeHandle(
    ref,
    () => ({
      focus: (field: CardField = 'number') => document.getElementById(id(field))?.focus(),
      check: () => plainCardProblems(typed()),
      async tokenise(): Promise<TokeniseResult> {
        const card = typed();
        const plain = plainCardProblems(card);
        const when = parseExpiry(card.expiry);
        if (Object.keys(plain).length > 0 || !when)
          return { error: messages.cardInvalid, fields: plain };
        const answer = await createTestVaultToken({
          number: digitsOf(card.number),
          expiry_month: when.month,
          expiry_year: when.year,
          cvv: card.cvv,
          name: card.name.trim(),
        });
        const token = answer.ok ? answer.data?.token : undefined;
        if (typeof token === 'string' && token !== '') return { token };
        if (vaultUnreachable(answer))
          return { error: messages.paymentServiceUnreachable, unreachable: true };
        return {
          error: messages.cardInvalid,
          fields: answer.ok ? {} : vaultFieldProblems(answer.fields),
        };
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [idPrefix],
  );

  /** Writes the formatted value back only when formatting changed it (the caret stays put). */
  const show = (input: HTMLInputElement, value: string) => {
    if (input.value !== value) input.value = value;
  };

  // Only the wrong fields are marked, each with its own message and the card error.
  const control = (
    field: CardField,
    props: { id: string; 'aria-describedby': string | undefined },
  ) => {
    const invalid = cardFieldInvalid({ errorId, problems }, field);
    return {
      ...props,
      className: 'input',
      disabled,
      'aria-invalid': invalid,
      'aria-describedby':
        [props['aria-describedby'], invalid ? errorId : undefined].filter(Boolean).join(' ') ||
        undefined,
    };
  };

  return (
    <div className="card-fields">
      <Field
        id={id('number')}
        label="Card number"
        className="card-fields__number"
        error={problems.number}
      >
        {(props) => (
          <input
            {...control('number', props)}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            ref={numberInput}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              show(e.target, formatCardNumber(e.target.value));
              // The scheme its first digits tell, for the fee's preview (plans-and-pricing.md).
              setCardScheme(cardSchemeOf(e.target.value));
            }}
          />
        )}
      </Field>
      <Field id={id('expiry')} label="Expiry" hint="MM/YY" error={problems.expiry}>
        {(props) => (
          <input
            {...control('expiry', props)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            ref={expiryInput}
            onChange={(e) => {
              const value = formatExpiry(e.target.value, expiryShown.current);
              show(e.target, value);
              expiryShown.current = value;
            }}
          />
        )}
      </Field>
      <Field id={id('cvv')} label="CVV" hint="3 or 4 digits" error={problems.cvv}>
        {(props) => (
          <input
            {...control('cvv', props)}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            ref={cvvInput}
            onChange={(e) => show(e.target, digitsOf(e.target.value).slice(0, 4))}
          />
        )}
      </Field>
      <CardholderNameField
        id={id('name')}
        inputRef={nameInput}
        disabled={disabled}
        invalid={cardFieldInvalid({ errorId, problems }, 'name')}
        error={problems.name}
        errorId={errorId}
      />
    </div>
  );
}
