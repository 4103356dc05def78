import type {
  PersonalDataAnswer,
  PersonalDataCorrectAnswer,
  PersonalDataEraseAnswer,
} from '@fibre/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { Field } from '../../shared/ui/field.tsx';
import {
  correctPersonalData,
  erasePersonalData,
  findPersonalData,
  personalDataExportUrl,
  type Corrections,
  type PersonAsked,
} from '../../shared/api/admin-personal-data.ts';
import { ApiError } from '../../shared/api/http.ts';
import { money, statusLabel, whenText } from '../format.ts';
import { actionText, changeLines } from '../history.ts';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';

/*
 * A person's data, on request (docs/rules/personal-data-requests.md): a manager finds what is held
 * about an email or a mobile, downloads it as one JSON file, corrects the contact details, and
 * erases what may be erased. Each call is audited by the server; a find is asked once per search.
 */

type By = 'email' | 'mobile';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'a, b and c'; the saved sign-ups are named only when there are some. */
function listed(orders: number, leads: number, savedSignups: number): string {
  const parts = [plural(orders, 'order'), plural(leads, 'lead')];
  if (savedSignups > 0) parts.push(plural(savedSignups, 'saved sign-up'));
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** One group of the results: a heading, and a table of its rows (the first cell heads each row). */
function Group({
  id,
  title,
  empty,
  columns,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
}) {
  return (
    <section aria-labelledby={id} className="console-section">
      <h2 id={id} className="console-subtitle">
        {title}
      </h2>
      {rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <TableScroll label={title}>
          <table className="console-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, cells: [first, ...rest] }) => (
                <tr key={key}>
                  <th scope="row">{first}</th>
                  {rest.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function AuditGroup({ audit }: { audit: PersonalDataAnswer['audit'] }) {
  return (
    <section aria-labelledby="pd-audit" className="console-section">
      <h2 id="pd-audit" className="console-subtitle">
        Audit
      </h2>
      {audit.length === 0 ? (
        <Empty>No audit records.</Empty>
      ) : (
        <ol className="console-history">
          {audit.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <p>
                <time dateTime={entry.at}>{whenText(entry.at)}</time> · {entry.operator} ·{' '}
                <strong>{actionText(entry.action, entry.after)}</strong> · {entry.subjectType}{' '}
                {entry.subjectType === 'person' ? '' : (entry.subjectId ?? '')}
              </p>
              {changeLines(entry.before, entry.after).map((line) => (
                <p key={line} className="console-history__change">
                  {line}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Results({ found }: { found: PersonalDataAnswer }) {
  return (
    <>
      <p role="status">
        Found {plural(found.orders.length, 'order')}, {plural(found.leads.length, 'lead')},{' '}
        {plural(found.mail.length, 'mail')}, {plural(found.holds.length, 'hold')},{' '}
        {plural(found.savedSignups.length, 'saved sign-up')} and{' '}
        {plural(found.audit.length, 'audit record')}.
      </p>
      <Group
        id="pd-orders"
        title="Orders"
        empty="No orders."
        columns={[
          'Order',
          'Status',
          'Customer',
          'Email',
          'Mobile',
          'Address',
          'Monthly',
          'Created',
          'Erasable',
        ]}
        rows={found.orders.map((order) => ({
          key: order.id,
          cells: [
            <a href={`/admin/orders/${encodeURIComponent(order.id)}`}>{order.id}</a>,
            statusLabel(order.status),
            `${order.customer.firstName} ${order.customer.lastName}`,
            order.customer.email,
            order.customer.mobile ?? '—',
            order.address ?? '—',
            money(order.monthlyCents),
            whenText(order.created),
            order.erasable ? 'Yes' : `No: ${order.keptBecause ?? ''}`,
          ],
        }))}
      />
      <Group
        id="pd-leads"
        title="Leads"
        empty="No leads."
        columns={['Name', 'Email', 'Phone', 'Address', 'Created']}
        rows={found.leads.map((lead) => ({
          key: lead.id,
          cells: [
            `${lead.firstName} ${lead.lastName}`,
            lead.email,
            lead.phone ?? '—',
            lead.address,
            whenText(lead.created),
          ],
        }))}
      />
      <Group
        id="pd-mail"
        title="Mail"
        empty="No mail."
        columns={['Subject', 'Kind', 'To', 'Created', 'Sent']}
        rows={found.mail.map((mail) => ({
          key: mail.id,
          cells: [
            mail.subject,
            mail.kind,
            mail.recipient,
            whenText(mail.created),
            mail.deliveredAt ? whenText(mail.deliveredAt) : 'Not yet',
          ],
        }))}
      />
      <Group
        id="pd-holds"
        title="Holds"
        empty="No holds."
        columns={['Reservation', 'Order', 'Status', 'Window', 'Client address']}
        rows={found.holds.map((hold) => ({
          key: hold.reservationId,
          cells: [
            hold.reservationId,
            hold.orderId ?? '—',
            hold.status,
            hold.window ? whenText(hold.window.start) : '—',
            hold.clientAddress ?? '—',
          ],
        }))}
      />
      <Group
        id="pd-saved"
        title="Saved sign-ups"
        empty="No saved sign-ups."
        columns={['Email', 'First name', 'Saved', 'Link works until', 'News box', 'Reminder']}
        rows={found.savedSignups.map((signup) => ({
          key: signup.id,
          cells: [
            signup.email,
            signup.firstName,
            whenText(signup.created),
            whenText(signup.expiresAt),
            signup.consent.marketing ? 'Ticked' : 'Not ticked',
            signup.unsubscribedAt
              ? `Unsubscribed ${whenText(signup.unsubscribedAt)}`
              : signup.reminded
                ? 'Sent'
                : 'Not sent',
          ],
        }))}
      />
      <AuditGroup audit={found.audit} />
    </>
  );
}

function CorrectForm({
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

/** What billing and the installer task said of a correction or an erasure, per order. */
function ToldList({ told }: { told: PersonalDataCorrectAnswer['told'] }) {
  if (told.length === 0) return null;
  return (
    <ul>
      {told.map((each) => (
        <li key={`${each.orderId}-${each.adapter}`}>
          {each.orderId}, {each.adapter}: {each.message}
        </li>
      ))}
    </ul>
  );
}

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

function EraseDialog({
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

/** Personal data: find, export, correct and erase (managers only: pages.tsx). */
export function PersonalDataPage() {
  const queryClient = useQueryClient();
  const [by, setBy] = useState<By>('email');
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<PersonAsked | null>(null);
  const [erased, setErased] = useState<PersonalDataEraseAnswer | null>(null);
  const found = useQuery({
    queryKey: ['personal-data', asked],
    queryFn: () => findPersonalData(asked!),
    enabled: asked !== null,
    // Every find is audited: asked once per search, not again on focus.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErased(null);
    const value = text.trim();
    const next: PersonAsked = by === 'email' ? { email: value } : { mobile: value };
    if (asked && JSON.stringify(asked) === JSON.stringify(next)) void found.refetch();
    else setAsked(next);
  };
  const again = (person: PersonAsked) => {
    if (JSON.stringify(person) === JSON.stringify(asked)) {
      void queryClient.invalidateQueries({ queryKey: ['personal-data', asked] });
    } else setAsked(person);
  };
  return (
    <>
      <h1 className="console-title">Personal data</h1>
      <p className="console-muted">
        Everything held about one person, found by their email or mobile: to give them a copy, to
        correct their contact details, or to erase what may be erased. Each of these is recorded in
        the audit under your name.
      </p>
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
          <Button type="submit" busy={found.isFetching}>
            Find
          </Button>
        </div>
      </form>
      <ErrorAlert error={found.error} />
      {erased && (
        <div role="status">
          <p>
            Erased {listed(erased.orders.length, erased.leads.length, erased.savedSignups)}
            {erased.kept.length > 0 ? `; kept ${plural(erased.kept.length, 'order')}` : ''}.
          </p>
          <ToldList told={erased.told} />
        </div>
      )}
      {asked === null ? null : found.isPending ? (
        <Loading>Looking…</Loading>
      ) : found.data ? (
        <>
          <div className="console-actions">
            <a className="button button--secondary" href={personalDataExportUrl(asked)} download>
              Download the export (JSON)
            </a>
            <EraseDialog
              key={JSON.stringify(asked)}
              person={asked}
              found={found.data}
              onErased={(answer) => {
                setErased(answer);
                again(asked);
              }}
            />
          </div>
          <Results found={found.data} />
          <CorrectForm
            key={JSON.stringify(asked)}
            person={asked}
            onCorrected={(_answer, to) => {
              // The person is found again by their corrected email or mobile.
              if ('email' in asked && to.email) again({ email: to.email });
              else if ('mobile' in asked && to.mobile) again({ mobile: to.mobile });
              else again(asked);
            }}
          />
        </>
      ) : null}
    </>
  );
}
