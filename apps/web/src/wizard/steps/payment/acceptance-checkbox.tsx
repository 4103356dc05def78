import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  /** The box's id, when the error summary links to it. */
  id?: string;
  label: string;
  hint?: string;
  error: string | undefined;
  /** Shown right after the label, outside it (a link there would tick the box when followed). */
  after?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A ticked agreement: the label names the box; its message is linked to it when it shows. */
export function AcceptanceCheckbox({ label, hint, error, after, ref, id: given, ...input }: Props) {
  const own = useId();
  const id = given ?? own;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`acceptance${error ? ' acceptance--invalid' : ''}`}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="acceptance__box"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      <div className="acceptance__text">
        <label htmlFor={id} className="acceptance__label">
          {label}
        </label>
        {after}
        {hint && (
          <p className="field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        {error && (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
