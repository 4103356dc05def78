import type { AdminMail } from '@fibre/domain/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button } from '../../shared/ui/button.tsx';
import { fetchMail, fetchOrderMail } from '../../shared/api/admin-mail.ts';
import { consoleMessage } from '../messages.ts';
import { whenText } from '../format.ts';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';

/*
 * Customer mail (docs/rules/operator-console.md): the outbox, newest first, each mail's status and
 * its plain text as stored (the order page's link shows as %ORDER_LINK%).
 */

const kindText: Record<AdminMail['kind'], string> = {
  'order.confirmation': 'Confirmation',
  'order.rescheduled': 'Rescheduled',
  'order.cancelled': 'Cancelled',
  'order.reminder': 'Reminder',
  'signup.link': 'Finish later link',
  'signup.reminder': 'Reminder to finish',
};

/** 'Sent', 'Waiting' ('Waiting: no mail server' when none is set) or 'Failed: <last error>'. */
export function mailStatus(mail: AdminMail, sending = true): string {
  if (mail.deliveredAt) return 'Sent';
  if (mail.lastError) return `Failed: ${mail.lastError}`;
  return sending ? 'Waiting' : 'Waiting: no mail server';
}

/** The stored text keeps a placeholder where the customer's own link goes (never stored). */
const previewText = (text: string) =>
  text.replaceAll(ORDER_LINK_PLACEHOLDER, "[the customer's order page link]");

const ORDER_LINK_PLACEHOLDER = '%ORDER_LINK%';

/** Shown over the mail when no mail server is set (docs/rules/operator-console.md). */
export function NoMailServer({ sending }: { sending: boolean | undefined }) {
  if (sending !== false) return null;
  return (
    <p className="console-notice">
      No mail server is set (SMTP_URL), so no mail is being sent: it waits here and goes out once
      one is set.
    </p>
  );
}

/** The mail as a table: a row's "Preview" opens its text. */
export function MailTable({
  items,
  caption,
  sending = true,
}: {
  items: AdminMail[];
  caption: string;
  sending?: boolean;
}) {
  return (
    <TableScroll label={caption}>
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((mail) => (
            <tr key={mail.id}>
              <td>{kindText[mail.kind]}</td>
              <td>{mail.recipient}</td>
              <th scope="row" className="console-table__long">
                <details>
                  <summary>
                    {mail.subject}
                    <span className="visually-hidden">: preview</span>
                  </summary>
                  <pre className="console-mail-preview">{previewText(mail.textPreview)}</pre>
                </details>
              </th>
              <td>{whenText(mail.createdAt)}</td>
              <td>{mailStatus(mail, sending)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** /admin/mail: every customer mail, a page at a time. */
export function MailPage() {
  const mail = useInfiniteQuery({
    queryKey: ['mail'],
    queryFn: ({ pageParam }) => fetchMail(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = mail.data?.pages.flatMap((page) => page.items) ?? [];
  const sending = mail.data?.pages[0]?.sending;
  return (
    <>
      <h1 className="console-title">Customer mail</h1>
      <ErrorAlert error={mail.error} />
      <NoMailServer sending={sending} />
      {mail.isPending ? (
        <Loading>Loading mail…</Loading>
      ) : items.length === 0 ? (
        !mail.isError && <Empty>No mail yet.</Empty>
      ) : (
        <MailTable items={items} caption="Mail" sending={sending ?? true} />
      )}
      {mail.hasNextPage && (
        <Button
          variant="secondary"
          busy={mail.isFetchingNextPage}
          onClick={() => void mail.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </>
  );
}

/** An order page's "Mail" section: that order's mails. */
export function OrderMail({ orderId }: { orderId: string }) {
  const mail = useQuery({
    queryKey: ['mail', 'order', orderId],
    queryFn: () => fetchOrderMail(orderId),
  });
  return (
    <section aria-labelledby="order-mail" className="console-section">
      <h2 id="order-mail" className="console-subtitle">
        Mail
      </h2>
      {/* A side section: its failure is told in place, not in an alert that takes the focus from
          the order's own. */}
      {mail.isError && (
        <p className="console-muted">The mail could not be loaded: {consoleMessage(mail.error)}</p>
      )}
      {mail.isPending ? (
        <Loading>Loading mail…</Loading>
      ) : !mail.data || mail.data.items.length === 0 ? (
        !mail.isError && <Empty>No mail for this order.</Empty>
      ) : (
        <>
          <NoMailServer sending={mail.data.sending} />
          <MailTable
            items={mail.data.items}
            caption="Mail for this order"
            sending={mail.data.sending}
          />
        </>
      )}
    </section>
  );
}
