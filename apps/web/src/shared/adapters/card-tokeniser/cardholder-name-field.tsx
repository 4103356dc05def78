import type { Ref } from 'react';
import { Field } from '../../ui/field.tsx';

/**
 * The cardholder's name: ours in every card form (Chargebee's frames hold only the card itself),
 * marked invalid and described by the card error while one shows.
 */
export function CardholderNameField({
  value,
  onChange,
  disabled,
  errorId,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
  errorId?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label="Cardholder name" className="card-fields__name">
      {(props) => (
        <input
          {...props}
          ref={inputRef}
          className="input"
          disabled={disabled}
          aria-invalid={Boolean(errorId)}
          aria-describedby={
            [props['aria-describedby'], errorId].filter(Boolean).join(' ') || undefined
          }
          autoComplete="cc-name"
          maxLength={100}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
