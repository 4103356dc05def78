import { isBookingExpiredError } from '@fibre/domain/install';
import { orderFailureText } from '@fibre/domain/shared';
import { useEffect, useState } from 'react';
import { getDirectDebitOffer } from '../../../shared/api/card-vault.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { HoldOverIcon } from '../../hold/reservation-timed-out-dialog.tsx';
import { Modal } from '../../../shared/modal/modal.tsx';
import { telHref } from '../../../shared/layout/header.tsx';
import { StepHeading } from '../../../shared/layout/step-focus.tsx';
import { useDispatch, useStepNavigation, useWizard } from '../../store/store-context.tsx';
import { clearDrafts } from '../../store/drafts.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { OrderDetails } from './order-details.tsx';
import { payAgainDraft } from './pay-again-draft.ts';
import { PlacedOrder } from './placed-order.tsx';
import { text } from './text.ts';
import { useInstall } from './use-install.ts';
import './confirmation.css';

/**
 * The call-us sentence of docs/rules/orders.md, word for word, with the phone and the email as
 * links a phone can call or write to straight away.
 */
function CallUs({ phone, email }: { phone: string; email: string }) {
  const sentence = orderFailureText(phone, email);
  const atPhone = sentence.indexOf(phone);
  const atEmail = sentence.indexOf(email, atPhone + phone.length);
  if (atPhone < 0 || atEmail < 0) return <p className="confirmation__call-us">{sentence}</p>;
  return (
    <p className="confirmation__call-us">
      {sentence.slice(0, atPhone)}
      <a href={telHref(phone)}>{phone}</a>
      {sentence.slice(atPhone + phone.length, atEmail)}
      <a href={`mailto:${email}`}>{email}</a>
      {sentence.slice(atEmail + email.length)}
    </p>
  );
}

/** Step 7, Confirmation: a spinner while the order is placed, then success or failure. */
export function ConfirmationStep() {
  const { site } = useConfig();
  const state = useWizard();
  const { signup } = state;
  const dispatch = useDispatch();
  const { back } = useStepNavigation();
  const { finale, placed, loading, retryable, declined, retry } = useInstall();
  // Where direct debit is offered, a decline may be paid that way instead.
  const [directDebit, setDirectDebit] = useState(false);
  useEffect(() => {
    if (!declined) return;
    const abort = new AbortController();
    void getDirectDebitOffer({ signal: abort.signal }).then((answer) => {
      if (answer.ok && answer.data?.document) setDirectDebit(true);
    });
    return () => abort.abort();
  }, [declined]);

  // docs/rules/wizard-flow.md: Confirmation goes back two steps, to Installation (the answer
  // shown here is this screen's own: nothing is left to clear).
  const goBack = back;

  // A placed order keeps nothing typed for the next sign-up in this tab (a promo code typed and
  // never validated is the one draft left): the logo, Back and 'Check another address' then start
  // clean without the shell knowing of drafts (wizard/store/drafts.ts).
  const succeeded = finale?.success === true;
  useEffect(() => {
    if (succeeded) clearDrafts();
  }, [succeeded]);

  if (loading) {
    return (
      // Keyed apart from the answer's section: React would otherwise reuse the spinner's element
      // for the welcome's first block, which the browser counts as that element moving.
      <section key="placing" className="step confirmation confirmation--loading" aria-busy="true">
        <div className="confirmation__spinner" aria-hidden="true" />
        <div role="status">
          <StepHeading className="confirmation__placing">{text.placing}</StepHeading>
          <p className="step-intro">{text.placingNote}</p>
        </div>
      </section>
    );
  }

  if (finale.success) {
    return (
      <section key="success" className="step confirmation">
        <div className="confirmation__hero">
          <div className="confirmation__badge" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="34" height="34">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </div>
          <StepHeading>{text.success}</StepHeading>
          <p className="step-intro">{text.successIntro(signup.contact?.firstName ?? 'you')}</p>
        </div>
        {placed && <PlacedOrder placed={placed} />}
        <OrderDetails totals={!placed} />
        <div className="step-actions">
          {/* Starts afresh: the stored choices cleared, step 1 with an empty address. */}
          <Button variant="secondary" onClick={() => dispatch({ type: 'wizard/restart' })}>
            {text.checkAnother}
          </Button>
        </div>
      </section>
    );
  }

  const err = finale.err ?? '';
  const expired = isBookingExpiredError(err);
  return (
    <section key="failure" className="step confirmation">
      <StepHeading>{text.failure}</StepHeading>
      <div className="card step-section confirmation__failure">
        <Alert tone="danger">
          <p>{err}</p>
        </Alert>
        <CallUs phone={site.supportPhone} email={site.supportEmail} />
        <div className="step-actions">
          <Button variant="secondary" onClick={goBack}>
            {text.goBack}
          </Button>
          {retryable && <Button onClick={() => void retry()}>{text.tryAgain}</Button>}
          {declined && directDebit && (
            <Button variant="secondary" onClick={() => payAgain('bank')}>
              {text.directDebit}
            </Button>
          )}
          {declined && <Button onClick={() => payAgain('card')}>{text.anotherCard}</Button>}
        </div>
      </div>
      <Modal
        open={expired}
        onOpenChange={(open) => {
          if (!open) selectNewTime();
        }}
        title={text.expiredTitle}
        description={err}
        tone="warning"
        icon={<HoldOverIcon />}
      >
        <Button block onClick={selectNewTime}>
          {text.selectNewTime}
        </Button>
      </Modal>
    </section>
  );

  // docs/rules/orders.md: after a decline the visitor pays again on Payment, one step back, with the
  // hold, the window, the contact and the boxes kept; the declined token and its key are dropped
  // (so Back, which now finds no token, stops on Payment rather than going past it).
  function payAgain(method: 'card' | 'bank') {
    dispatch({ type: 'signup/pay-again', draft: payAgainDraft(state, method) });
    goBack();
  }

  // docs/rules/orders.md: the expired booking is reset and the visitor goes back two steps for a
  // new time.
  function selectNewTime() {
    dispatch({ type: 'reservations/changed', change: { to: 'lost' } });
    goBack();
  }
}
