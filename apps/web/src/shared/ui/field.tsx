import { useId, type ReactElement, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The visible label, which is also the control's accessible name (docs/rules/wizard-flow.md). */
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  /** Renders the control with the id and ARIA links it needs. */
  children: (control: FieldControlProps) => ReactElement;
  className?: string;
  /** The control's id, when something else links to it (the error summary); else one of its own. */
  id?: string | undefined;
}

/** A label, the control, a hint and an error linked to it (aria-describedby, aria-invalid). */
export function Field({
  label,
  hint,
  error,
  optional,
  children,
  className,
  id: given,
}: FieldProps) {
  const own = useId();
  const id = given ?? own;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // 'Optional' is said in the hint, not the label, so the label stays the field's exact name.
  const hasHint = Boolean(hint) || Boolean(optional);
  const describedBy = [hasHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hasHint && (
        <p className="field__hint" id={hintId}>
          {optional && <span className="field__optional">Optional. </span>}
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
