import { isCouponFieldHidden } from '@fibre/domain/offers';
import { stateTimeZone } from '@fibre/domain/scheduling';
import { startTransition, Suspense, useEffect, useId, useRef, useState } from 'react';
import { OrderSummary } from '../../order-summary/order-summary.tsx';
import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import { StepHeading } from '../../../shared/layout/step-focus.tsx';
import { useWizard } from '../../store/store-context.tsx';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorSummary } from '../../../shared/ui/error-summary.tsx';
import { Acceptances } from './acceptances.tsx';
import { CheckAnswers } from './check-answers.tsx';
import { useMarketingReminder } from './marketing-reminder.ts';
import { PaymentDetails } from './payment-details.tsx';
import { PaymentHoldTimer, PaymentTimedOutDialog } from './payment-hold.tsx';
import { paymentSummaryItems } from './payment-summary-items.ts';
import { PromoCode } from './promo-code.tsx';
import { text } from './text.ts';
import { usePayment } from './use-payment.ts';
import './payment.css';

export { prefetch } from './prefetch.ts';

// Loaded after the step (docs/rules/mail.md#finish-later).
const FinishLater = lazyWithRetry(() => import('../../finish-later/finish-later.tsx'));

/**
 * What is below the card form (the promo code, the order summary, the agreements) is drawn after
 * the step's first frame, as a transition React can slice and put keystrokes before: drawn with
 * the step, a phone's CPU was still busy with it when the visitor typed the card (bench/README.md,
 * INP on the payment form). Until then a placeholder keeps the footer out of view.
 */
function useDrawnAfterFirstFrame(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    startTransition(() => setDrawn(true));
  }, []);
  return drawn;
}

/** Step 6, Payment: the card, a promo or referral code, the agreements and the order summary. */
export function PaymentStep() {
  const state = useWizard();
  const ids = useId();
  const payment = usePayment();
  const { form, onSubmit, back, busy, card, bank, problems, method, ddr } = payment;
  const byBank = method === 'bank';
  const directDebitOffered = ddr !== null;
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

  const timeZone = stateTimeZone(state.address.value?.state ?? '');
  const summaryItems = paymentSummaryItems({ ids, byBank, problems, errors, card, bank });
  const belowDrawn = useDrawnAfterFirstFrame();

  return (
    <section className="step payment">
      <StepHeading>{text.heading}</StepHeading>
      <p className="step-intro">{text.intro}</p>
      <PaymentHoldTimer timeZone={timeZone} />
      <ErrorSummary items={summaryItems} attempt={problems.attempt} />

      {/* On one column the order is shown before the agreements (the visitor checks what they
          agree to pay, and Submit ends the step's form: only the offer to finish later follows it);
          beside them on a wide screen. */}
      <div className="step-layout payment__layout">
        <div className="payment__main">
          <PaymentDetails
            idPrefix={ids}
            directDebitOffered={directDebitOffered}
            method={method}
            chooseMethod={payment.chooseMethod}
            methodBox={methodBox}
            problems={problems}
            busy={busy}
            card={card}
            bank={bank}
          />

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
              <Acceptances
                form={form}
                idPrefix={ids}
                monthly={payment.monthly}
                greenfield={payment.greenfield}
                directDebit={byBank ? ddr : null}
              />
              {problems.unreachable && (
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
