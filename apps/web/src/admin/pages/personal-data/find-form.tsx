import { useState, type FormEvent } from 'react';
import type { PersonAsked } from '../../../shared/api/admin-personal-data.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';

type By = 'email' | 'mobile';

/** Finding a person by their email or their mobile. */
export function FindForm({
  busy,
  onFind,
}: {
  busy: boolean;
  onFind: (person: PersonAsked) => void;
}) {
  const [by, setBy] = useState<By>('email');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    onFind(by === 'email' ? { email: value } : { mobile: value });
  };
  return (
    <form role="search" aria-label="Find a person" className="console-filters" onSubmit={submit}>
      <Field label="Find by">
        {(control) => (
          <select
            {...control}
            className="input"
            value={by}
            onChange={(event) => setBy(event.target.value as By)}
          >
            <option value="email">Email</option>
            <option value="mobile">Mobile</option>
          </select>
        )}
      </Field>
      <Field label={by === 'email' ? 'Email' : 'Mobile'} className="console-filters__q">
        {(control) => (
          <input
            {...control}
            className="input"
            type={by === 'email' ? 'email' : 'tel'}
            required
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <div className="console-filters__go">
        <Button type="submit" busy={busy}>
          Find
        </Button>
      </div>
    </form>
  );
}
