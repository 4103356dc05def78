import type { PersonalDataCorrectAnswer } from '@fibre/domain/api';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  correctPersonalData,
  type Corrections,
  type PersonAsked,
} from '../../../shared/api/admin-personal-data.ts';
import { ApiError } from '../../../shared/api/http.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import { ErrorAlert } from '../../ui.tsx';
import { ToldList } from './told-list.tsx';
import { listed, plural } from './words.ts';

function CorrectedNote({ answer }: { answer: PersonalDataCorrectAnswer }) {
  return (
    <div role="status">
      <p>
        Corrected {listed(answer.orders.length, answer.leads.length, answer.savedSignups.length)}
        {answer.mail > 0 ? `; ${plural(answer.mail, 'unsent mail')} readdressed` : ''}.
      </p>
      <ToldList told={answer.told} />
    </div>
  );
}

/** The contact details corrected wherever the person was found. */
export function CorrectForm({
  person,
  onCorrected,
}: {
  person: PersonAsked;
  onCorrected: (answer: PersonalDataCorrectAnswer, to: Corrections) => void;
}) {
  const empty = { firstName: '', lastName: '', email: '', mobile: '' };
  const [draft, setDraft] = useState(empty);
  const correct = useMutation({
    mutationFn: (to: Corrections) => correctPersonalData(person, to),
    onSuccess: (answer, to) => {
      setDraft(empty);
      onCorrected(answer, to);
    },
  });
  const fieldError = (key: string) =>
    correct.error instanceof ApiError ? correct.error.fields[`to.${key}`] : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const to: Corrections = {};
    for (const [key, value] of Object.entries(draft)) {
      if (value.trim()) to[key as keyof Corrections] = value.trim();
    }
    correct.mutate(to);
  };
  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const fields: Array<[keyof typeof empty, string, string]> = [
    ['firstName', 'First name', 'text'],
    ['lastName', 'Last name', 'text'],
    ['email', 'Email', 'email'],
    ['mobile', 'Mobile', 'tel'],
  ];
  return (
    <section aria-labelledby="pd-correct" className="console-section">
      <h2 id="pd-correct" className="console-subtitle">
        Correct contact details
      </h2>
      <p className="console-muted">
        Fill in only what changes; it is corrected on every order, lead and saved sign-up found, and
        billing and the installer task are told where they can be.
      </p>
      <form className="console-filters" aria-label="Correct contact details" onSubmit={submit}>
        {fields.map(([key, label, type]) => (
          <Field key={key} label={`New ${label.toLowerCase()}`} optional error={fieldError(key)}>
            {(control) => (
              <input
                {...control}
                className="input"
                type={type}
                value={draft[key]}
                onChange={set(key)}
              />
            )}
          </Field>
        ))}
        <div className="console-filters__go">
          <Button type="submit" busy={correct.isPending}>
            Save corrections
          </Button>
        </div>
      </form>
      <ErrorAlert error={correct.error} />
      {correct.data && <CorrectedNote answer={correct.data} />}
    </section>
  );
}
