import { isCouponFieldHidden } from '@fibre/domain/offers';
import { arrivalWindowText, dateLabel, stateTimeZone } from '@fibre/domain/scheduling';
import { startTransition, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cardFieldId, cardFields } from '../../shared/adapters/card-tokeniser/card-fields.ts';
import { cardTokeniserFor } from '../../shared/adapters/card-tokeniser/card-tokeniser.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { HoldExtension } from '../../shared/hold/hold-extension.tsx';
import { spentExtension } from '../../shared/hold/extension-memory.ts';
import { HoldTimer } from '../../shared/hold/hold-timer.tsx';
import { ReservationTimedOutDialog } from '../../shared/hold/reservation-timed-out-dialog.tsx';
import { useHoldCountdown } from '../../shared/hold/use-hold-countdown.ts';
import { OrderSummary } from '../../shared/order-summary/order-summary.tsx';
import { CardFeeNote } from './card-fee-note.tsx';
import { lazyWithRetry } from '../../shared/lazy/lazy-with-retry.ts';
import { StepHeading } from '../../shared/layout/step-focus.tsx';
import { useDispatch, useWizard } from '../../shared/store/store-context.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorSummary, type ErrorSummaryItem } from '../../shared/ui/error-summary.tsx';
import { ExternalLink } from '../../shared/ui/external-link.tsx';
import { SegmentedControl } from '../../shared/ui/segmented-control.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { AcceptanceCheckbox } from './acceptance-checkbox.tsx';
import { CheckAnswers } from './check-answers.tsx';
import { BankAccountFields, bankFieldId, bankFields } from './bank-account-fields.tsx';
import { useMarketingReminder } from './marketing-reminder.ts';
import { PromoCode } from './promo-code.tsx';
import { text } from './text.ts';
import { usePayment } from './use-payment.ts';
import './payment.css';

// Loaded after the step (docs/rules/mail.md#finish-later).
const FinishLater = lazyWithRetry(() => import('../../shared/finish-later/finish-later.tsx'));

function CardFieldsSkeleton() {
  return (
    <div className="card-fields-skeleton" aria-hidden="true">
      <Skeleton height="4.6rem" />
      <Skeleton height="4.6rem" />
      <Skeleton height="4.6rem" />
    </div>
  );
}

// The hold's countdown ticks once a second: its own components, so a tick draws the timer and the
// dialog only, not the whole step (bench/README.md, INP on the payment form). On a phone it stays
// in view, compact, with 'Need more time?' under it, while the visitor scrolls down to the
// agreements (docs/rules/installation-and-holds.md#what-the-visitor-sees).
function PaymentHoldTimer({ timeZone }: { timeZone: string }) {
  const { reservation, slot } = useWizard().reservations;
  const secondsLeft = useHoldCountdown(reservation?.expires_at ?? null);
  if (!slot || secondsLeft === null || secondsLeft <= 0) return null;
  return (
    <div className="payment__hold">
      <HoldTimer
        secondsLeft={secondsLeft}
        offerAtMinute={reservation !== null && spentExtension(reservation.reservation_id) === null}
        what={`${dateLabel(slot.start, timeZone)}, ${arrivalWindowText(slot.start, slot.end, timeZone)}`}
      />
      <HoldExtension secondsLeft={secondsLeft} timeZone={timeZone} />
    </div>
  );
}

function PaymentTimedOutDialog({ back }: { back: () => void }) {
  const { reservation } = useWizard().reservations;
  const dispatch = useDispatch();
  const secondsLeft = useHoldCountdown(reservation?.expires_at ?? null);
  return (
    <ReservationTimedOutDialog
      open={reservation !== null && secondsLeft === 0}
      onSelectNewTime={() => {
        dispatch({ type: 'reservations/changed', change: { to: 'lost' } });
        back();
      }}
    />
  );
}

/** Step 6, Payment: the card, a promo or referral code, the agreements and the order summary. */
export function PaymentStep() {
  const { site, domain } = useConfig();
  const { terms } = site.legal;
  const state = useWizard();
  const ids = useId();
  const {
    form,
    onSubmit,
    back,
    busy,
    card,
    cardError,
    cardProblems,
    unreachable,
    attempt,
    monthly,
    greenfield,
    directDebitOffered,
    ddr: directDebit,
    method,
    chooseMethod,
    bank,
    bankProblems,
  } = usePayment();
  const byBank = method === 'bank';
  // 'Change payment method' in the check-your-answers: the method's choice on this step.
  const methodBox = useRef<HTMLDivElement>(null);
  const changeMethod = directDebitOffered
    ? () => {
        const chosen = methodBox.current?.querySelector<HTMLElement>('[aria-checked="true"]');
        chosen?.scrollIntoView?.({ block: 'center' });
        chosen?.focus({ preventScroll: true });
      }
    : null;
  // The marketing box ticked is consent to the one reminder (docs/rules/mail.md).
  useMarketingReminder(form.control);
  const { errors } = form.formState;
  const CardFields = useMemo(
    () =>
      lazyWithRetry(() =>
        cardTokeniserFor(site.adapters.cardTokeniser)
          .load()
          .then((c) => ({ default: c })),
      ),
    [site.adapters.cardTokeniser],
  );

  const address = state.address.value;
  const timeZone = stateTimeZone(address?.state ?? '');
  const cardErrorId = cardError ? `${ids}-card-error` : undefined;
  const agreementId = (name: 'monthlyCharge' | 'newDevelopmentCharge' | 'terms' | 'directDebit') =>
    `${ids}-${name}`;
  // The error summary: the wrong card fields, then the agreements not ticked, in the page's order
  // (docs/rules/contact-and-connection.md, "The error summary").
  // Paying by direct debit, the wrong bank account fields stand where the card's do.
  const cardItems: ErrorSummaryItem[] = byBank
    ? bankFields.flatMap((field) => {
        const message = bankProblems[field];
        return message
          ? [{ id: bankFieldId(ids, field), message, focus: () => bank.current?.focus(field) }]
          : [];
      })
    : cardFields.flatMap((field) => {
        const message = cardProblems[field];
        return message
          ? [{ id: cardFieldId(ids, field), message, focus: () => card.current?.focus(field) }]
          : [];
      });
  if (cardError && cardItems.length === 0) {
    // The tokeniser could not tell which field: the card (or bank) error itself, leading to it.
    cardItems.push(
      byBank
        ? {
            id: bankFieldId(ids, 'account_name'),
            message: text.bankAccountInvalid,
            focus: () => bank.current?.focus(),
          }
        : {
            id: cardFieldId(ids, 'number'),
            message: text.cardInvalid,
            focus: () => card.current?.focus(),
          },
    );
  }
  const summaryItems: ErrorSummaryItem[] =
    attempt > 0
      ? [
          ...cardItems,
          ...(['monthlyCharge', 'newDevelopmentCharge', 'terms', 'directDebit'] as const).flatMap(
            (name) => {
              const message = errors[name]?.message;
              return message ? [{ id: agreementId(name), message }] : [];
            },
          ),
        ]
      : [];
  // What is below the card form (the promo code, the order summary, the agreements) is drawn after
  // the step's first frame, as a transition React can slice and put keystrokes before: drawn with
  // the step, a phone's CPU was still busy with it when the visitor typed the card (bench/README.md,
  // INP on the payment form). Until then a placeholder keeps the footer out of view.
  const [belowDrawn, setBelowDrawn] = useState(false);
  useEffect(() => {
    startTransition(() => setBelowDrawn(true));
  }, []);

  return (
    <section className="step payment">
      <StepHeading>{text.heading}</StepHeading>
      <p className="step-intro">{text.intro}</p>
      <PaymentHoldTimer timeZone={timeZone} />
      <ErrorSummary items={summaryItems} attempt={attempt} />

      {/* On one column the order is shown before the agreements (the visitor checks what they
          agree to pay, and Submit ends the step's form: only the offer to finish later follows it);
          beside them on a wide screen. */}
      <div className="step-layout payment__layout">
        <div className="payment__main">
          <section className="card step-section" aria-labelledby={`${ids}-card`}>
            <h2 id={`${ids}-card`} className="section-title">
              {byBank ? text.bankTitle : text.cardTitle}
            </h2>
            {directDebitOffered && (
              <div className="payment__method" ref={methodBox}>
                <p className="field__label" aria-hidden="true">
                  {text.methodLabel}
                </p>
                <SegmentedControl
                  label={text.methodLabel}
                  options={[
                    { value: 'card', label: text.methodCard },
                    { value: 'bank', label: text.methodBank },
                  ]}
                  value={method}
                  onChange={chooseMethod}
                />
              </div>
            )}
            <p className="section-intro">{byBank ? text.bankIntro : text.cardIntro}</p>
            {cardError && (
              <Alert tone="danger" className="payment__card-error">
                <p id={cardErrorId}>{byBank ? text.bankAccountInvalid : text.cardInvalid}</p>
              </Alert>
            )}
            {!byBank && <CardFeeNote />}
            {byBank ? (
              <BankAccountFields
                ref={bank}
                idPrefix={ids}
                errorId={cardErrorId}
                problems={bankProblems}
                disabled={busy}
              />
            ) : (
              <Suspense fallback={<CardFieldsSkeleton />}>
                <CardFields
                  ref={card}
                  idPrefix={ids}
                  errorId={cardErrorId}
                  problems={cardProblems}
                  disabled={busy}
                />
              </Suspense>
            )}
            {site.adapters.cardTokeniser !== 'chargebee' && (
              <p className="payment__test-mode">{byBank ? text.bankTestMode : text.testMode}</p>
            )}
          </section>

          {belowDrawn && !isCouponFieldHidden(state.campaign) && <PromoCode />}
        </div>
        {!belowDrawn && <div className="payment__below-placeholder" aria-hidden="true" />}
        {belowDrawn && (
          <>
            <div className="step-layout__aside">
              <OrderSummary minimumTotal noCardFee={byBank} />
            </div>
            <form className="payment__agree" onSubmit={(event) => void onSubmit(event)} noValidate>
              <CheckAnswers timeZone={timeZone} method={method} changeMethod={changeMethod} />
              <fieldset className="card step-section payment__acceptances">
                <legend className="section-title payment__legend">{text.acceptancesTitle}</legend>
                <AcceptanceCheckbox
                  label={text.monthlyCharge(monthly)}
                  id={agreementId('monthlyCharge')}
                  error={errors.monthlyCharge?.message}
                  {...form.register('monthlyCharge')}
                />
                {greenfield && (
                  <AcceptanceCheckbox
                    label={text.newDevelopmentCharge(domain.newDevelopmentCharge)}
                    id={agreementId('newDevelopmentCharge')}
                    error={errors.newDevelopmentCharge?.message}
                    {...form.register('newDevelopmentCharge')}
                  />
                )}
                <AcceptanceCheckbox
                  label={text.terms}
                  id={agreementId('terms')}
                  error={errors.terms?.message}
                  after={
                    terms && (
                      <p className="acceptance__document">
                        <ExternalLink href={terms.url}>{terms.title}</ExternalLink>
                      </p>
                    )
                  }
                  {...form.register('terms')}
                />
                {byBank && directDebit && (
                  <AcceptanceCheckbox
                    label={text.directDebit}
                    id={agreementId('directDebit')}
                    error={errors.directDebit?.message}
                    after={
                      <p className="acceptance__document">
                        <ExternalLink href={directDebit.url}>{directDebit.title}</ExternalLink>
                      </p>
                    }
                    {...form.register('directDebit')}
                  />
                )}
                <AcceptanceCheckbox
                  label={site.legal.marketingWords}
                  hint={text.marketingHint}
                  error={undefined}
                  {...form.register('marketing')}
                />
              </fieldset>
              {unreachable && (
                // Where the visitor pressed Submit; nothing is marked, the card is not at fault.
                <Alert tone="danger" className="payment__unreachable">
                  <p>{text.unreachable}</p>
                </Alert>
              )}
              <div className="step-actions">
                <Button variant="secondary" onClick={back} disabled={busy}>
                  {text.goBack}
                </Button>
                <Button type="submit" busy={busy}>
                  {text.submit}
                </Button>
              </div>
            </form>
          </>
        )}
      </div>

      <Suspense fallback={null}>
        <FinishLater marketing={() => form.getValues('marketing') === true} />
      </Suspense>
      <PaymentTimedOutDialog back={back} />
    </section>
  );
}
