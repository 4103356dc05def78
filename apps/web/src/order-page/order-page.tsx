import type { OrderPageAnswer } from '@fibre/domain/api';
import { firstPaymentDate, moneyWords, storedCharges } from '@fibre/domain/pricing';
import { formatDay, formatWindow } from '@fibre/domain/scheduling';
import { formatCents } from '@fibre/domain/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { HELP_LINKS_HEADING } from '@fibre/domain/consent';
import { useConfig } from '../shared/config/config-context.tsx';
import { HelpLinks } from '../shared/legal/help-links.tsx';
import { OtherCharges } from '../shared/order-summary/other-charges.tsx';
import { telHref } from '../shared/layout/header.tsx';
import { StepSkeleton } from '../shared/layout/step-skeleton.tsx';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
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

function OrderView({ token, order }: { token: string; order: OrderPageAnswer }) {
  const ids = useId();
  const { domain, site } = useConfig();
  const noticeRef = useRef<HTMLDivElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  /** What the last change did, announced and focused. */
  const [notice, setNotice] = useState<string | null>(null);
  const { window: slot } = order;
  const when = formatWindow(new Date(slot.start), new Date(slot.end), slot.state);
  const city = slot.time_zone.split('/')[1]?.replace(/_/g, ' ') ?? slot.time_zone;
  const cancelled = order.status === 'cancelled';
  const charges = storedCharges(domain, {
    ...order.prices,
    activation_cents: order.prices.one_off_cents,
  });

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const refusal = (action: OrderPageAnswer['can_reschedule']) =>
    !action.allowed && action.message && action.reason !== 'cancelled' ? action.message : null;
  // Once installed, the window's refusal ('the time has passed') says nothing the progress does not.
  const rescheduleRefusal = order.service_status ? null : refusal(order.can_reschedule);
  // A change refused because the order can no longer change (the page was left open past the
  // limit): the panel closes and focus goes to the reason, which the order's answer now gives.
  const panelOpen = rescheduling && order.can_reschedule.allowed;
  useEffect(() => {
    if (rescheduling && !order.can_reschedule.allowed) refusalRef.current?.focus();
  }, [rescheduling, order.can_reschedule.allowed]);
  // The same sentence (too late, passed) is shown once, in the installation's card.
  const cancelRefusal =
    refusal(order.can_cancel) === rescheduleRefusal ? null : refusal(order.can_cancel);

  return (
    <section className="step order-page" aria-labelledby={`${ids}-heading`}>
      <h1 id={`${ids}-heading`} tabIndex={-1} className="step-heading">
        {text.heading}
      </h1>
      <p className="step-intro">
        {text.reference(order.reference ?? order.order_id)}
        <br />
        {text.placed(momentLabel(order.placed_at, slot.time_zone))}
      </p>
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
      <Progress order={order} />

      {notice && (
        <div ref={noticeRef} tabIndex={-1} className="order-page__notice">
          <Alert tone="info">
            <p>{notice}</p>
          </Alert>
        </div>
      )}

      <section className="card step-section order-page__card" aria-labelledby={`${ids}-install`}>
        <h2 id={`${ids}-install`} className="section-title">
          {text.installationTitle}
        </h2>
        <p className={`order-page__window${cancelled ? ' order-page__window--cancelled' : ''}`}>
          {when}
        </p>
        <p className="order-page__address">{order.address}</p>
        <p className="section-intro">{text.zoneNote(city)}</p>
        {order.changeable_until && (order.can_reschedule.allowed || order.can_cancel.allowed) && (
          <p className="order-page__until">
            {text.changeUntil(momentLabel(order.changeable_until, slot.time_zone))}
          </p>
        )}
        {rescheduleRefusal && (
          <div ref={refusalRef} tabIndex={-1} className="order-page__notice">
            <Alert tone="warning" live={false} className="order-page__alert">
              <p>{rescheduleRefusal}</p>
            </Alert>
          </div>
        )}
        {order.can_reschedule.allowed && !rescheduling && (
          <div className="order-page__actions">
            <Button
              id={`${ids}-reschedule`}
              variant="secondary"
              onClick={() => {
                setNotice(null);
                setRescheduling(true);
              }}
            >
              {text.reschedule}
            </Button>
          </div>
        )}
      </section>

      {panelOpen && (
        <ReschedulePanel
          token={token}
          order={order}
          onDone={(changed) => {
            setRescheduling(false);
            if (changed)
              setNotice(
                text.rescheduled(
                  formatWindow(
                    new Date(changed.window.start),
                    new Date(changed.window.end),
                    changed.window.state,
                  ),
                ),
              );
            else requestAnimationFrame(() => document.getElementById(`${ids}-reschedule`)?.focus());
          }}
        />
      )}

      <section className="card step-section order-page__card" aria-labelledby={`${ids}-ordered`}>
        <h2 id={`${ids}-ordered`} className="section-title">
          {text.orderedTitle}
        </h2>
        <dl className="order-page__list">
          <div>
            <dt>{text.plan}</dt>
            <dd>{order.plan.name}</dd>
          </div>
          <div>
            <dt>{text.router}</dt>
            <dd>{order.router.name}</dd>
          </div>
          {order.add_ons.length > 0 && (
            <div>
              <dt>{text.addOns}</dt>
              <dd>{order.add_ons.map((a) => a.label).join(', ')}</dd>
            </div>
          )}
          {order.coupon && (
            <div>
              <dt>{text.coupon}</dt>
              <dd>{order.coupon}</dd>
            </div>
          )}
          {/* The domain's money words (docs/rules/plans-and-pricing.md), as the wizard and mail:
              each amount with the card's fee, what is charged; a cancelled order charges nothing. */}
          {cancelled ? (
            <div className="order-page__price">
              <dt>{text.charges}</dt>
              <dd>{moneyWords.nothingCharged}</dd>
            </div>
          ) : (
            <>
              <div className="order-page__price">
                <dt>{moneyWords.monthlyCharge}</dt>
                <dd>
                  {formatCents(charges.monthlyWithFeeCents)} {moneyWords.perMonth}
                  {charges.feeLabel && (
                    <span className="order-page__when">
                      {' '}
                      {moneyWords.includesCardFee(
                        formatCents(charges.monthlyFeeCents),
                        charges.feeLabel,
                      )}
                    </span>
                  )}
                </dd>
              </div>
              <div className="order-page__price">
                <dt>{moneyWords.firstPayment}</dt>
                <dd>
                  {formatCents(charges.firstPaymentWithFeeCents)}{' '}
                  <span className="order-page__when">
                    {moneyWords.firstPaymentWhen(
                      formatDay(
                        firstPaymentDate(order.window.start, order.window.time_zone),
                        order.window.time_zone,
                      ),
                    )}
                    {charges.feeLabel &&
                      `, ${moneyWords.includesCardFee(
                        formatCents(charges.firstPaymentFeeCents),
                        charges.feeLabel,
                      )}`}
                  </span>
                </dd>
              </div>
            </>
          )}
        </dl>
      </section>

      {(order.can_cancel.allowed || cancelRefusal) && (
        <section className="card step-section order-page__card" aria-labelledby={`${ids}-cancel`}>
          <h2 id={`${ids}-cancel`} className="section-title">
            {text.cancelTitle}
          </h2>
          {order.can_cancel.allowed ? (
            <>
              <p className="section-intro">{text.cancelIntro}</p>
              <div className="order-page__actions">
                <Button variant="secondary" onClick={() => setCancelOpen(true)}>
                  {text.cancel}
                </Button>
              </div>
            </>
          ) : (
            cancelRefusal && (
              <Alert tone="warning" live={false} className="order-page__alert">
                <p>{cancelRefusal}</p>
              </Alert>
            )
          )}
        </section>
      )}

      {/* What a telco must link, and the fees a customer may still meet
          (docs/rules/order-page.md, docs/rules/documents-and-consent.md#what-a-telco-links). */}
      <section className="card step-section order-page__card" aria-labelledby={`${ids}-help`}>
        <h2 id={`${ids}-help`} className="section-title">
          {HELP_LINKS_HEADING}
        </h2>
        <HelpLinks className="help-links" />
        {site.legal.otherCharges.length > 0 && <OtherCharges charges={site.legal.otherCharges} />}
      </section>

      <p className="order-page__help">
        {text.questions} <a href={telHref(order.help.phone)}>{order.help.phone}</a> {text.orEmail}{' '}
        <a href={`mailto:${order.help.email}`}>{order.help.email}</a>.
      </p>

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
