import { useState, type FormEvent } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { ApiError } from '../api.ts';
import { secondText } from '../format.ts';
import { useSession } from '../session.tsx';
import { ErrorAlert } from '../ui.tsx';
import { FirstManagerOffer } from './first-manager.tsx';

/**
 * What a failed sign-in says (docs/rules/operator-console.md#signing-in-and-out): each refusal its
 * own words, and a fault on the server's side says so.
 */
export function signInMessage(error: unknown): string {
  if (!(error instanceof ApiError))
    return 'Signing in failed in this browser. Reload the page and try again.';
  if (error.status === 0) return error.message;
  if (error.status >= 500) {
    return 'The server had a fault and could not check the password. Try again in a minute; if it keeps happening, tell whoever runs the console.';
  }
  switch (error.code) {
    case 'sign_in_failed':
      return 'Wrong email or password.';
    case 'sign_in_delayed': {
      const retryAt = error.answer.retryAt;
      return typeof retryAt === 'string'
        ? `Too many wrong passwords: try again at ${secondText(retryAt)} (Sydney time).`
        : 'Too many wrong passwords: wait a while and try again.';
    }
    case 'sign_in_locked':
      return 'Too many wrong passwords in a row for this email: a manager must unlock it before it can sign in from here.';
    case 'rate_limited':
      return 'Too many sign-in attempts from this address: wait a minute and try again.';
    default:
      return error.message;
  }
}

/** Operator sign in (docs/rules/operators.md). */
export function SignInPage() {
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    signIn(email.trim(), password).catch((failure: unknown) => {
      setError(new Error(signInMessage(failure)));
      setBusy(false);
    });
  };

  return (
    <main className="console-main console-sign-in">
      <div className="card console-sign-in__card">
        <h1 className="console-title">Operator sign in</h1>
        <ErrorAlert error={error} />
        <form onSubmit={submit} noValidate={false}>
          <Field label="Email">
            {(control) => (
              <input
                {...control}
                className="input"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Field label="Password">
            {(control) => (
              <input
                {...control}
                className="input"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" busy={busy} block>
            Sign in
          </Button>
        </form>
      </div>
      <FirstManagerOffer />
    </main>
  );
}
