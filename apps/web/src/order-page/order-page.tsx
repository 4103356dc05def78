import type { OrderPageAnswer } from '@fibre/domain/api';
import { formatWindow } from '@fibre/domain/scheduling';
import { useEffect, useId, useRef, useState } from 'react';
import { HELP_LINKS_HEADING } from '@fibre/domain/consent';
import { useConfig } from '../shared/config/config-context.tsx';
import { HelpLinks } from '../shared/legal/help-links.tsx';
import { OtherCharges } from '../shared/order-summary/other-charges.tsx';
import { telHref } from '../shared/layout/header.tsx';
import { StepSkeleton } from '../shared/layout/step-skeleton.tsx';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { CancelCard } from './cancel-card.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { InstallationCard } from './installation-card.tsx';
import { OrderedCard } from './ordered-card.tsx';
import { ReschedulePanel } from './reschedule-panel.tsx';
import { progressOf } from './progress.ts';
import { momentLabel, serviceLabels, statusLabels, text } from './text.ts';
import { useOrder } from './use-order.ts';
import './order-page.css';

/**
 * The customer's order page (docs/rules/order-page.md): the order as the server has it, and the
 * two changes it allows. What can change, and why not, is the server's answer; the page only
 * shows it.
 */
export function OrderPage({ token }: { token: string }) {
  const { site } = useConfig();
  const { load, retry } = useOrder(token);
  useEffect(() => {
    document.title = text.title(site.providerName);
  }, [site.providerName]);

  if (load.state === 'loading')
    return (
      <div role="status" aria-label={text.loading}>
        <StepSkeleton />
      </div>
    );
  if (load.state === 'not-found')
    return (
      <section className="step order-page">
        <h1 className="step-heading">{text.notFoundTitle}</h1>
        <p className="step-intro">{text.notFound}</p>
        <p className="order-page__help">
          <a className="button button--secondary" href={telHref(site.supportPhone)}>
            {text.callUs(site.supportPhone)}
          </a>
        </p>
      </section>
    );
  if (load.state === 'failed')
    return (
      <section className="step order-page">
        <h1 className="step-heading">{text.heading}</h1>
        <Alert tone="danger" className="order-page__alert">
          <div>
            <p>{load.message}</p>
            <Button variant="secondary" onClick={retry}>
              {text.tryAgain}
            </Button>
          </div>
        </Alert>
      </section>
    );
  return <OrderView token={token} order={load.order} />;
}

/** The order's status: the service's once confirmed and the service has one. */
function OrderStatus({ order }: { order: OrderPageAnswer }) {
  return (
    <p className="order-page__status">
      <span className="visually-hidden">{text.status}: </span>
      {order.status === 'confirmed' && order.service_status ? (
        <span className={`status-badge status-badge--service-${order.service_status}`}>
          {serviceLabels[order.service_status]}
        </span>
      ) : (
        <span className={`status-badge status-badge--${order.status}`}>
          {statusLabels[order.status]}
        </span>
      )}
    </p>
  );
}

/**
 * What a telco must link, and the fees a customer may still meet
 * (docs/rules/order-page.md, docs/rules/documents-and-consent.md#what-a-telco-links).
 */
function HelpCard({ idPrefix: ids }: { idPrefix: string }) {
  const { site } = useConfig();
  return (
    <section className="card step-section order-page__card" aria-labelledby={`${ids}-help`}>
      <h2 id={`${ids}-help`} className="section-title">
        {HELP_LINKS_HEADING}
      </h2>
      <HelpLinks className="help-links" />
      {site.legal.otherCharges.length > 0 && <OtherCharges charges={site.legal.otherCharges} />}
    </section>
  );
}

/** Where to call or write with questions. */
function HelpContacts({ help }: { help: OrderPageAnswer['help'] }) {
  return (
    <p className="order-page__help">
      {text.questions} <a href={telHref(help.phone)}>{help.phone}</a> {text.orEmail}{' '}
      <a href={`mailto:${help.email}`}>{help.email}</a>.
    </p>
  );
}

const refusal = (action: OrderPageAnswer['can_reschedule']) =>
  !action.allowed && action.message && action.reason !== 'cancelled' ? action.message : null;

/** Why the window cannot change and why the order cannot be cancelled, each said once. */
function refusals(order: OrderPageAnswer) {
  // Once installed, the window's refusal ('the time has passed') says nothing the progress does not.
  const reschedule = order.service_status ? null : refusal(order.can_reschedule);
  // The same sentence (too late, passed) is shown once, in the installation's card.
  const cancel = refusal(order.can_cancel) === reschedule ? null : refusal(order.can_cancel);
  return { reschedule, cancel };
}

const windowWords = (slot: OrderPageAnswer['window']) =>
  formatWindow(new Date(slot.start), new Date(slot.end), slot.state);

function OrderView({ token, order }: { token: string; order: OrderPageAnswer }) {
  const ids = useId();
  const noticeRef = useRef<HTMLDivElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  /** What the last change did, announced and focused. */
  const [notice, setNotice] = useState<string | null>(null);
  const when = windowWords(order.window);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const { reschedule: rescheduleRefusal, cancel: cancelRefusal } = refusals(order);
  // A change refused because the order can no longer change (the page was left open past the
  // limit): the panel closes and focus goes to the reason, which the order's answer now gives.
  const panelOpen = rescheduling && order.can_reschedule.allowed;
  useEffect(() => {
    if (rescheduling && !order.can_reschedule.allowed) refusalRef.current?.focus();
  }, [rescheduling, order.can_reschedule.allowed]);

  const rescheduled = (changed: OrderPageAnswer | null) => {
    setRescheduling(false);
    if (changed) setNotice(text.rescheduled(windowWords(changed.window)));
    else requestAnimationFrame(() => document.getElementById(`${ids}-reschedule`)?.focus());
  };

  return (
    <section className="step order-page" aria-labelledby={`${ids}-heading`}>
      <h1 id={`${ids}-heading`} tabIndex={-1} className="step-heading">
        {text.heading}
      </h1>
      <p className="step-intro">
        {text.reference(order.reference ?? order.order_id)}
        <br />
        {text.placed(momentLabel(order.placed_at, order.window.time_zone))}
      </p>
      <OrderStatus order={order} />
      <Progress order={order} />

      {notice && (
        <div ref={noticeRef} tabIndex={-1} className="order-page__notice">
          <Alert tone="info">
            <p>{notice}</p>
          </Alert>
        </div>
      )}

      <InstallationCard
        idPrefix={ids}
        order={order}
        when={when}
        rescheduleRefusal={rescheduleRefusal}
        refusalRef={refusalRef}
        rescheduling={rescheduling}
        onReschedule={() => {
          setNotice(null);
          setRescheduling(true);
        }}
      />

      {panelOpen && <ReschedulePanel token={token} order={order} onDone={rescheduled} />}

      <OrderedCard idPrefix={ids} order={order} />

      <CancelCard
        idPrefix={ids}
        allowed={order.can_cancel.allowed}
        refusal={cancelRefusal}
        onCancel={() => setCancelOpen(true)}
      />

      <HelpCard idPrefix={ids} />

      <HelpContacts help={order.help} />

      <CancelDialog
        token={token}
        when={when}
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        onCancelled={() => {
          setCancelOpen(false);
          setNotice(text.cancelled);
        }}
        // Once cancelled, the button that opened the dialog is gone: focus goes to what happened.
        {...(notice === text.cancelled ? { returnFocus: () => noticeRef.current?.focus() } : {})}
      />
    </section>
  );
}

/** Where the order is: ordered, installation booked, installed, active (progress.ts). */
function Progress({ order }: { order: OrderPageAnswer }) {
  const id = useId();
  const steps = progressOf(order);
  if (steps.length === 0) return null;
  return (
    <section className="order-page__progress" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        {text.progressTitle}
      </h2>
      <ol className="progress-steps">
        {steps.map((s) => (
          <li
            key={s.step}
            className={`progress-steps__step${s.done ? ' progress-steps__step--done' : ''}`}
            aria-current={s.current ? 'step' : undefined}
          >
            <span className="progress-steps__mark" aria-hidden="true">
              {s.done ? '✓' : ''}
            </span>
            {s.label}
            {s.done && !s.current && <span className="visually-hidden"> ({text.stepDone})</span>}
            {s.current && <span className="visually-hidden"> ({text.stepCurrent})</span>}
          </li>
        ))}
      </ol>
      {order.service_status === 'cancelled' && (
        <p className="order-page__service-note">{text.serviceCancelled}</p>
      )}
    </section>
  );
}
