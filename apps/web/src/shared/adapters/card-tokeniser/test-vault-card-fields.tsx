import { messages } from '@fibre/domain/shared';
import { useImperativeHandle, useState, type ChangeEvent } from 'react';
import { createTestVaultToken } from '../../api/card-vault.ts';
import { Field } from '../../ui/field.tsx';
import { cardFieldId, cardFieldInvalid, type CardField } from './card-fields.ts';
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
 * this component's own state only, never in the wizard's store or sessionStorage, and is sent once,
 * to the vault, which answers a token. The vault judges the card (Luhn, expiry, CVV) and names the
 * wrong fields; this form only refuses what is plainly incomplete without a call.
 */
export function TestVaultCardFields({
  ref,
  idPrefix,
  errorId,
  problems,
  disabled,
}: CardFieldsProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [name, setName] = useState('');
  const id = (field: CardField) => cardFieldId(idPrefix, field);

  useImperativeHandle(
    ref,
    () => ({
      focus: (field: CardField = 'number') => document.getElementById(id(field))?.focus(),
      check: () => plainCardProblems({ number, expiry, cvv, name }),
      async tokenise(): Promise<TokeniseResult> {
        const plain = plainCardProblems({ number, expiry, cvv, name });
        const when = parseExpiry(expiry);
        if (Object.keys(plain).length > 0 || !when)
          return { error: messages.cardInvalid, fields: plain };
        const answer = await createTestVaultToken({
          number: digitsOf(number),
          expiry_month: when.month,
          expiry_year: when.year,
          cvv,
          name: name.trim(),
        });
        const token = answer.ok ? answer.data?.token : undefined;
        if (typeof token === 'string' && token !== '') return { token };
        return {
          error: messages.cardInvalid,
          fields: answer.ok ? {} : vaultFieldProblems(answer.fields),
        };
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [number, expiry, cvv, name, idPrefix],
  );

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
            value={number}
            onChange={(e: ChangeEvent<HTMLInputElement>) =>
              setNumber(formatCardNumber(e.target.value))
            }
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
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value, expiry))}
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
            value={cvv}
            onChange={(e) => setCvv(digitsOf(e.target.value).slice(0, 4))}
          />
        )}
      </Field>
      <CardholderNameField
        id={id('name')}
        value={name}
        onChange={setName}
        disabled={disabled}
        invalid={cardFieldInvalid({ errorId, problems }, 'name')}
        error={problems.name}
        errorId={errorId}
      />
    </div>
  );
}
