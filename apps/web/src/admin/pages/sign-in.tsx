import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchSignInOptions, IDENTITY_SIGN_IN_URL } from '../../shared/api/admin-session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { identitySignInMessage, signInMessage } from '../messages.ts';
import { PasswordField } from '../password-field.tsx';
import { useSession } from '../session.tsx';
import { ErrorAlert } from '../ui.tsx';
import { FirstManagerOffer } from './first-manager.tsx';

/**
 * Why the identity service's sign-in came back here (`?signInError=`), read once; the address is
 * then cleaned, so a reload does not say it again.
 */
function useIdentityRefusal(): Error | null {
  const [refusal] = useState(() => new URLSearchParams(window.location.search).get('signInError'));
  useEffect(() => {
    if (!refusal) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('signInError');
    window.history.replaceState(window.history.state, '', url);
  }, [refusal]);
  return refusal ? new Error(identitySignInMessage(refusal)) : null;
}

/**
 * Operator sign in (docs/rules/operators.md): the password form, the identity service's button,
 * or both, as GET /admin/api/sign-in/options says
 * (docs/rules/operators.md#signing-in-through-the-providers-identity-service). Without an answer
 * the password form is shown, as before there was a choice.
 */
export function SignInPage() {
  const options = useQuery({
    queryKey: ['sign-in-options'],
    queryFn: fetchSignInOptions,
    retry: false,
    staleTime: Infinity,
  });
  const refusal = useIdentityRefusal();
  const identityService = options.data?.identityService;
  const passwords = options.data ? options.data.passwords : options.isError;
  return (
    <main className="console-main console-sign-in">
      <div className="card console-sign-in__card">
        <h1 className="console-title">Operator sign in</h1>
        {identityService && (
          <>
            <ErrorAlert error={refusal} />
            <a className="button button--primary button--block" href={IDENTITY_SIGN_IN_URL}>
              Sign in with {identityService.name ?? 'your organisation'}
            </a>
          </>
        )}
        {identityService && passwords && (
          <p className="console-muted console-sign-in__or">Or with an email and password:</p>
        )}
        {passwords && <PasswordForm />}
      </div>
      {passwords && <FirstManagerOffer />}
    </main>
  );
}

function PasswordForm() {
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
    <>
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
        <PasswordField kind="current" value={password} onChange={setPassword} />
        <Button type="submit" busy={busy} block>
          Sign in
        </Button>
      </form>
    </>
  );
}
