import type { PersonalDataAnswer } from '@fibre/domain/api';
import type { ReactNode } from 'react';
import { money, statusLabel, whenText } from '../../format.ts';
import { actionText, changeLines } from '../../history.ts';
import { Empty, TableScroll } from '../../ui.tsx';
import { plural } from './words.ts';

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

function OrdersGroup({ orders }: { orders: PersonalDataAnswer['orders'] }) {
  return (
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
      rows={orders.map((order) => ({
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
  );
}

function LeadsGroup({ leads }: { leads: PersonalDataAnswer['leads'] }) {
  return (
    <Group
      id="pd-leads"
      title="Leads"
      empty="No leads."
      columns={['Name', 'Email', 'Phone', 'Address', 'Created']}
      rows={leads.map((lead) => ({
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
  );
}

function MailGroup({ mail }: { mail: PersonalDataAnswer['mail'] }) {
  return (
    <Group
      id="pd-mail"
      title="Mail"
      empty="No mail."
      columns={['Subject', 'Kind', 'To', 'Created', 'Sent']}
      rows={mail.map((mail) => ({
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
  );
}

function HoldsGroup({ holds }: { holds: PersonalDataAnswer['holds'] }) {
  return (
    <Group
      id="pd-holds"
      title="Holds"
      empty="No holds."
      columns={['Reservation', 'Order', 'Status', 'Window', 'Client address']}
      rows={holds.map((hold) => ({
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
  );
}

function SavedSignupsGroup({ savedSignups }: { savedSignups: PersonalDataAnswer['savedSignups'] }) {
  return (
    <Group
      id="pd-saved"
      title="Saved sign-ups"
      empty="No saved sign-ups."
      columns={['Email', 'First name', 'Saved', 'Link works until', 'News box', 'Reminder']}
      rows={savedSignups.map((signup) => ({
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
  );
}

/** What was found about the person, group by group, with the audit of it. */
export function Results({ found }: { found: PersonalDataAnswer }) {
  return (
    <>
      <p role="status">
        Found {plural(found.orders.length, 'order')}, {plural(found.leads.length, 'lead')},{' '}
        {plural(found.mail.length, 'mail')}, {plural(found.holds.length, 'hold')},{' '}
        {plural(found.savedSignups.length, 'saved sign-up')} and{' '}
        {plural(found.audit.length, 'audit record')}.
      </p>
      <OrdersGroup orders={found.orders} />
      <LeadsGroup leads={found.leads} />
      <MailGroup mail={found.mail} />
      <HoldsGroup holds={found.holds} />
      <SavedSignupsGroup savedSignups={found.savedSignups} />
      <AuditGroup audit={found.audit} />
    </>
  );
}
