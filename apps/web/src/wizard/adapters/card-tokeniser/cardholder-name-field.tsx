import type { Ref } from 'react';
import { Field } from '../../../shared/ui/field.tsx';

/**
 * The cardholder's name: ours in every card form (Chargebee's frames hold only the card itself).
 * Uncontrolled: a keystroke draws nothing in React, the form reads the value through `inputRef`
 * when it needs it (bench/README.md, INP on the payment form). Marked invalid only when it is
 * wrong, with its own message, and then described by the card error too.
 */
export function CardholderNameField({
  id,
  disabled,
  invalid,
  error,
  errorId,
  inputRef,
}: {
  id: string;
  disabled?: boolean | undefined;
  invalid: boolean;
  /** The field's own message, when it has one. */
  error?: string | undefined;
  errorId?: string | undefined;
  inputRef: Ref<HTMLInputElement>;
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
        />
      )}
    </Field>
  );
}
