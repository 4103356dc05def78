import type { Ref } from 'react';
import { Field } from '../../ui/field.tsx';

/**
 * The cardholder's name: ours in every card form (Chargebee's frames hold only the card itself).
 * Marked invalid only when it is wrong, with its own message, and then described by the card error
 * too.
 */
export function CardholderNameField({
  id,
  value,
  onChange,
  disabled,
  invalid,
  error,
  errorId,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
  invalid: boolean;
  /** The field's own message, when it has one. */
  error?: string | undefined;
  errorId?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field id={id} label="Cardholder name" className="card-fields__name" error={error}>
      {(props) => (
        <input
          {...props}
          ref={inputRef}
          className="input"
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={
            [props['aria-describedby'], invalid ? errorId : undefined].filter(Boolean).join(' ') ||
            undefined
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
