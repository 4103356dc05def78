import type { FirstManager } from '@fibre/domain/api';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { createFirstManager, fetchSetupStatus } from '../../shared/api/admin-session.ts';
import { ApiError } from '../../shared/api/http.ts';
import { PasswordField } from '../password-field.tsx';
import { useSession } from '../session.tsx';
import { ErrorAlert } from '../ui.tsx';

/**
 * 'Create the first manager' on the sign-in screen (docs/rules/operators.md#the-first-manager):
 * shown only while the server says setup is open (no manager yet, a setup code printed at start).
 * The account made, it signs in with the same email and password, and the console opens.
 */
export function FirstManagerOffer() {
  const [open, setOpen] = useState(false);
  const [showing, setShowing] = useState(false);

  useEffect(() => {
    let live = true;
    fetchSetupStatus().then(
      (answer) => live && setOpen(answer.open),
      // Without an answer the offer is simply not shown; signing in works as ever.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!open) return null;
  return (
    <section
      className="card console-sign-in__card console-first-manager"
      aria-labelledby="first-manager-title"
    >
      <h2 className="console-title" id="first-manager-title">
        No manager yet
      </h2>
      {showing ? (
        <FirstManagerForm />
      ) : (
        <>
          <p className="console-muted">
            This console has no manager account. Whoever started the server can make the first one
            with the one-time setup code it printed at start.
          </p>
          <Button variant="secondary" block onClick={() => setShowing(true)}>
            Create the first manager
          </Button>
        </>
      )}
    </section>
  );
}

function FirstManagerForm() {
  const { signIn } = useSession();
  const [input, setInput] = useState<FirstManager>({ email: '', password: '', code: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = error instanceof ApiError ? error.fields : {};
  const set = (name: keyof FirstManager) => (event: { target: { value: string } }) =>
    setInput((before) => ({ ...before, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const email = input.email.trim();
    createFirstManager({ ...input, email })
      .then(() => signIn(email, input.password))
      .catch((failure: unknown) => {
        setError(failure);
        setBusy(false);
      });
  };

  return (
    <form onSubmit={submit} aria-label="Create the first manager">
      <ErrorAlert error={error} />
      <Field label="Manager's email" error={fields.email}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            autoComplete="username"
            required
            value={input.email}
            onChange={set('email')}
          />
        )}
      </Field>
      <PasswordField
        kind="new"
        value={input.password}
        onChange={(password) => setInput((before) => ({ ...before, password }))}
        error={fields.password}
      />
      <Field
        label="Setup code"
        hint="As the server printed it at start, for example ABCD-EFGH-JKMN-PQRS."
        error={fields.code}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            required
            value={input.code}
            onChange={set('code')}
          />
        )}
      </Field>
      <Button type="submit" busy={busy} block>
        Create the manager and sign in
      </Button>
    </form>
  );
}
