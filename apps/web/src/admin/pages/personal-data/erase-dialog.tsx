import type { PersonalDataAnswer, PersonalDataEraseAnswer } from '@fibre/domain/api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { erasePersonalData, type PersonAsked } from '../../../shared/api/admin-personal-data.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../confirm-dialog.tsx';
import { plural } from './words.ts';

/** Erasing what may be erased, with what is kept and why; nothing to erase says so. */
export function EraseDialog({
  person,
  found,
  onErased,
}: {
  person: PersonAsked;
  found: PersonalDataAnswer;
  onErased: (answer: PersonalDataEraseAnswer) => void;
}) {
  const [open, setOpen] = useState(false);
  const kept = found.orders.filter((order) => !order.erasable);
  const partial = kept.length > 0;
  const erase = useMutation({
    mutationFn: () => erasePersonalData(person, partial),
    onSuccess: (answer) => {
      setOpen(false);
      onErased(answer);
    },
  });
  const nothing =
    found.orders.length === kept.length &&
    found.leads.length === 0 &&
    found.savedSignups.length === 0;
  if (nothing) {
    return (
      <p className="console-muted">Nothing found may be erased (see each order&apos;s Erasable).</p>
    );
  }
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Erase…</Button>}
      open={open}
      onOpenChange={setOpen}
      title="Erase this person's data?"
      description={
        <>
          The {plural(found.leads.length, 'lead')} and{' '}
          {plural(found.orders.length - kept.length, 'order')} that never went ahead lose their
          contact details for good; amounts and dates stay.
          {found.savedSignups.length > 0
            ? ` The ${plural(found.savedSignups.length, 'saved sign-up')} and ${found.savedSignups.length === 1 ? 'its link are' : 'their links are'} deleted.`
            : ''}{' '}
          This cannot be undone.
        </>
      }
      confirm={partial ? 'Erase the rest' : 'Erase'}
      cancel="Keep the data"
      destructive
      busy={erase.isPending}
      error={erase.error}
      onConfirm={() => erase.mutate()}
    >
      {partial && (
        <>
          <p>Kept:</p>
          <ul>
            {kept.map((order) => (
              <li key={order.id}>{order.keptBecause}</li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  );
}
