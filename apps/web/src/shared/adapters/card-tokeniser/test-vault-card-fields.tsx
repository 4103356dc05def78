import { messages } from '@fibre/domain/shared';
import { useImperativeHandle, useRef, useState, type ChangeEvent } from 'react';
import { createTestVaultToken } from '../../api/card-vault.ts';
import { Field } from '../../ui/field.tsx';
import type { CardFieldsProps, TokeniseResult } from './card-tokeniser.ts';
import { CardholderNameField } from './cardholder-name-field.tsx';
import { digitsOf, formatCardNumber, formatExpiry, parseExpiry } from './card-input.ts';
import './card-fields.css';

const refused: TokeniseResult = { error: messages.cardInvalid };

/**
 * The test-mode vault's card fields (docs/rules/demo-data.md: test cards). What is typed lives in
 * this component's own state only, never in the wizard's store or sessionStorage, and is sent once,
 * to the vault, which answers a token. The vault judges the card (Luhn, expiry, CVV); this form
 * only refuses what is plainly incomplete without a call.
 */
export function TestVaultCardFields({ ref, errorId, disabled }: CardFieldsProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [name, setName] = useState('');
  const numberRef = useRef<HTMLInputElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => numberRef.current?.focus(),
      async tokenise() {
        const digits = digitsOf(number);
        const when = parseExpiry(expiry);
        if (!digits || !when || !cvv || !name.trim()) return refused;
        const answer = await createTestVaultToken({
          number: digits,
          expiry_month: when.month,
          expiry_year: when.year,
          cvv,
          name: name.trim(),
        });
        const token = answer.ok ? answer.data?.token : undefined;
        return typeof token === 'string' && token !== '' ? { token } : refused;
      },
    }),
    [number, expiry, cvv, name],
  );

  const invalid = Boolean(errorId);
  const control = (props: { id: string; 'aria-describedby': string | undefined }) => ({
    ...props,
    className: 'input',
    disabled,
    'aria-invalid': invalid,
    'aria-describedby': [props['aria-describedby'], errorId].filter(Boolean).join(' ') || undefined,
  });

  return (
    <div className="card-fields">
      <Field label="Card number" className="card-fields__number">
        {(props) => (
          <input
            {...control(props)}
            ref={numberRef}
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
      <Field label="Expiry" hint="MM/YY">
        {(props) => (
          <input
            {...control(props)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value, expiry))}
          />
        )}
      </Field>
      <Field label="CVV" hint="3 or 4 digits">
        {(props) => (
          <input
            {...control(props)}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={cvv}
            onChange={(e) => setCvv(digitsOf(e.target.value).slice(0, 4))}
          />
        )}
      </Field>
      <CardholderNameField value={name} onChange={setName} disabled={disabled} errorId={errorId} />
    </div>
  );
}
