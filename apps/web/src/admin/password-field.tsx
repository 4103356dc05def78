import { OPERATOR_PASSWORD_MIN } from '@fibre/domain/api';
import { Field } from '../shared/ui/field.tsx';

/** Each kind's words and the browser's hint for it. */
const kinds = {
  current: {
    label: 'Password',
    autoComplete: 'current-password',
    hint: undefined,
    minLength: undefined,
  },
  new: {
    label: 'New password',
    autoComplete: 'new-password',
    hint: `At least ${OPERATOR_PASSWORD_MIN} characters.`,
    minLength: OPERATOR_PASSWORD_MIN,
  },
} as const;

interface PasswordFieldProps {
  kind: keyof typeof kinds;
  value: string;
  onChange: (value: string) => void;
  /** The server's word on the field, when it refused it. */
  error?: string | undefined;
}

/**
 * The console's one password field (docs/rules/operators.md): an operator's own password to sign
 * in ('Password', the browser offering the saved one), or a new one (the first manager's 'New
 * password', at least OPERATOR_PASSWORD_MIN characters, the browser offering to make one).
 */
export function PasswordField({ kind, value, onChange, error }: PasswordFieldProps) {
  const { label, autoComplete, hint, minLength } = kinds[kind];
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="password"
          autoComplete={autoComplete}
          required
          minLength={minLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
