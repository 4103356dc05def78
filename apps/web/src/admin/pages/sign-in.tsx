import { useState, type FormEvent } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { signInMessage } from '../messages.ts';
import { useSession } from '../session.tsx';
import { ErrorAlert } from '../ui.tsx';
import { FirstManagerOffer } from './first-manager.tsx';

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
