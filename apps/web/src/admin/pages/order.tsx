import type { AdminOrderAnswer } from '@fibre/domain/api';
import { addOnLabel, CARD_SCHEME_NAMES, moneyWords } from '@fibre/domain/pricing';
import { unitMessages } from '@fibre/domain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import {
  actOnOrder,
  fetchOrder,
  mailOrderLink,
  showOrderLink,
} from '../../shared/api/admin-orders.ts';
import { ApiError } from '../../shared/api/http.ts';
import { money, statusLabel, whenText, windowText } from '../format.ts';
import { actionText, changeLines } from '../history.ts';
import { useOperator } from '../session.tsx';
import { ErrorAlert, Loading } from '../ui.tsx';
import { OrderMail } from './mail.tsx';
import { OrderAcceptance } from './order-acceptance.tsx';
import { canSetService, SetServiceStatus, serviceText } from './order-service.tsx';

type Action = Parameters<typeof actOnOrder>[1];

const orderQuery = (id: string) => ({
  queryKey: ['order', id],
  queryFn: () => fetchOrder(id),
});

function History({ order }: { order: AdminOrderAnswer }) {
  return (
    <section aria-labelledby="order-history" className="console-section">
      <h2 id="order-history" className="console-subtitle">
        History
      </h2>
      {order.history.length === 0 ? (
        <p className="console-empty">No changes yet.</p>
      ) : (
        <ol className="console-history">
          {order.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <p>
                <time dateTime={entry.at}>{whenText(entry.at)}</time> · {entry.operator} ·{' '}
                <strong>{actionText(entry.action, entry.after)}</strong>
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

function NoteDialog({
  title,
  label,
  required,
  confirm,
  keep,
  trigger,
  busy,
  error,
  onConfirm,
  variant = 'primary',
  destructive = false,
}: {
  title: string;
  label: string;
  required: boolean;
  confirm: string;
  keep: string;
  trigger: string;
  busy: boolean;
  error: unknown;
  onConfirm: (note: string) => Promise<unknown>;
  variant?: 'primary' | 'secondary';
  destructive?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (required && !note.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(note.trim()).then(
      () => {
        setOpen(false);
        setNote('');
      },
      () => {},
    );
  };
  return (
    <ConfirmDialog
      trigger={<Button variant={variant}>{trigger}</Button>}
      open={open}
      onOpenChange={setOpen}
      title={title}
      confirm={confirm}
      cancel={keep}
      destructive={destructive}
      busy={busy}
      error={error}
      onConfirm={submit}
    >
      <Field label={label} error={missing ? 'Write what was done.' : undefined}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            maxLength={1000}
            required={required}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setMissing(false);
            }}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}

/**
 * The customer's order link, for a manager (docs/rules/operator-console.md#an-order): "Mail the
 * order link" sends the confirmation again with a new link (a confirmed order only); "Show a new
 * order link" makes one and shows it here, once, to read out or copy. Each is in the history.
 */
function OrderLink({ order }: { order: AdminOrderAnswer }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const after = async (answer: AdminOrderAnswer) => {
    queryClient.setQueryData(['order', order.id], answer);
    await queryClient.invalidateQueries({ queryKey: ['mail'] });
  };
  const mail = useMutation({
    mutationFn: () => mailOrderLink(order.id),
    onSuccess: after,
  });
  const show = useMutation({
    mutationFn: () => showOrderLink(order.id),
    onMutate: () => setCopied(false),
    onSuccess: ({ order: answer }) => after(answer),
  });
  const busy = mail.isPending || show.isPending;
  const link = show.data?.link;
  return (
    <section aria-labelledby="order-link" className="console-section">
      <h2 id="order-link" className="console-subtitle">
        Order link
      </h2>
      <ErrorAlert error={mail.error ?? show.error} />
      <div className="console-actions">
        {order.status === 'confirmed' && (
          <Button busy={mail.isPending} disabled={busy} onClick={() => mail.mutate()}>
            Mail the order link
          </Button>
        )}
        <Button
          variant="secondary"
          busy={show.isPending}
          disabled={busy}
          onClick={() => show.mutate()}
        >
          Show a new order link
        </Button>
      </div>
      {mail.isSuccess && (
        <p role="status">The confirmation with a new link is queued to {order.customer.email}.</p>
      )}
      {link && (
        <div role="status" className="console-order-link">
          <p>New order link (shown once; earlier links still work):</p>
          <p>
            <a href={link} target="_blank" rel="noreferrer noopener">
              {link}
            </a>
          </p>
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      )}
    </section>
  );
}

/** One order: what was bought, the window, references, history, and a manager's actions. */
export function OrderPage({ id }: { id: string }) {
  const operator = useOperator();
  const queryClient = useQueryClient();
  const order = useQuery(orderQuery(id));
  const [last, setLast] = useState<Action | null>(null);
  const act = useMutation({
    mutationFn: ({ action, body }: { action: Action; body: unknown }) =>
      actOnOrder(id, action, body),
    onMutate: ({ action }) => setLast(action),
    onSuccess: (answer) => queryClient.setQueryData(['order', id], answer),
    onSettled: async (_answer, error) => {
      // A failed retry (502) has still changed the order: its history says what was tried.
      if (error instanceof ApiError && error.status >= 500)
        await queryClient.invalidateQueries({ queryKey: ['order', id] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });

  if (order.isPending)
    return (
      <>
        <h1 className="console-title">Order {id}</h1>
        <Loading>Loading the order…</Loading>
      </>
    );
  if (order.isError)
    return (
      <>
        <h1 className="console-title">Order {id}</h1>
        <ErrorAlert error={order.error} />
      </>
    );

  const o = order.data;
  const running = act.isPending ? act.variables.action : null;
  const rows: [string, string][] = [
    ['Reference', o.reference ?? 'None'],
    ['Order id', o.id],
    ['Status', statusLabel(o.status)],
    ...(o.status === 'needs_attention'
      ? ([['Reason', o.attentionReason ?? 'None recorded']] as [string, string][])
      : []),
    // docs/rules/contact-and-connection.md#the-buildings-units
    ...(o.moveIn
      ? ([[unitMessages.moveInFlag, 'Yes: the unit already had an active order']] as [
          string,
          string,
        ][])
      : []),
    ['Customer', `${o.customer.firstName} ${o.customer.lastName}`],
    ['Email', o.customer.email],
    ['Mobile', o.customer.mobile ?? 'None'],
    ['Address', o.address],
    ['Plan', o.plan.name],
    ['Router', o.router.name],
    ['Add-ons', o.addOns.length ? o.addOns.map(addOnLabel).join(', ') : 'None'],
    ['Coupon', o.coupon ?? 'None'],
    // The domain's money words (docs/rules/plans-and-pricing.md), as the customer reads them.
    // Each with the card's fee, what is charged; a cancelled order charges nothing.
    ...(o.status === 'cancelled'
      ? [['Charges', moneyWords.nothingCharged] as [string, string]]
      : ([
          [moneyWords.monthlyCharge, money(o.price.monthlyCents + o.price.cardFeeCents)],
          [moneyWords.firstPayment, money(o.price.activationCents + o.price.firstPaymentFeeCents)],
          [
            'Card surcharge included',
            o.price.cardScheme === null && o.price.cardFeeCents === 0
              ? 'None'
              : `${o.price.cardScheme ? CARD_SCHEME_NAMES[o.price.cardScheme] : 'Card'}: ${moneyWords.cardFeeOf(money(o.price.firstPaymentFeeCents), money(o.price.cardFeeCents))}`,
          ],
        ] as Array<[string, string]>)),
    ['Window', windowText(o.window)],
    // docs/rules/orders.md#service-status
    ['Service', serviceText(o.service)],
    ['Billing customer', o.references.billingCustomer ?? 'None'],
    ['Billing subscription', o.references.billingSubscription ?? 'None'],
    ['Installer task', o.references.schedulingTask ?? 'None'],
  ];
  const inlineError = act.isError && last === 'retry' ? act.error : null;
  return (
    <>
      <h1 className="console-title">Order {o.reference ?? o.id}</h1>
      <ErrorAlert error={inlineError} />
      {operator.isManager && (
        <div className="console-actions">
          {o.status === 'needs_attention' && (
            <Button
              busy={running === 'retry'}
              disabled={act.isPending && running !== 'retry'}
              onClick={() => act.mutate({ action: 'retry', body: {} })}
            >
              Retry
            </Button>
          )}
          {o.status === 'needs_attention' && (
            <NoteDialog
              title="Mark resolved"
              trigger="Mark resolved"
              label="Note"
              required
              confirm="Mark resolved"
              keep="Close"
              variant="secondary"
              busy={running === 'resolve'}
              error={last === 'resolve' ? act.error : null}
              onConfirm={(note) => act.mutateAsync({ action: 'resolve', body: { note } })}
            />
          )}
          {o.status !== 'cancelled' && (
            <NoteDialog
              title="Cancel this order?"
              trigger="Cancel order"
              label="Reason (optional)"
              required={false}
              confirm="Cancel order"
              keep="Keep order"
              variant="secondary"
              destructive
              busy={running === 'cancel'}
              error={last === 'cancel' ? act.error : null}
              onConfirm={(note) =>
                act.mutateAsync({ action: 'cancel', body: note ? { note } : {} })
              }
            />
          )}
          {canSetService(o) && <SetServiceStatus order={o} />}
        </div>
      )}
      <dl className="console-details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {operator.isManager && <OrderLink order={o} />}
      <OrderAcceptance order={o} />
      <OrderMail orderId={o.id} />
      <History order={o} />
    </>
  );
}
