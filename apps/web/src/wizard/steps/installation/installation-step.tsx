import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import type { Address } from '@fibre/domain/address';
import { arrivalWindowText, dateLabel, dayKeyLabel } from '@fibre/domain/scheduling';
import { Suspense, useEffect, useId, useRef } from 'react';
import { HoldExtension } from '../../hold/hold-extension.tsx';
import { HoldTimer } from '../../hold/hold-timer.tsx';
import { revealNearest } from '../../hold/reveal.ts';
import { ReservationTimedOutDialog } from '../../hold/reservation-timed-out-dialog.tsx';
import { useHoldCountdown } from '../../hold/use-hold-countdown.ts';
import { StepHeading } from '../../../shared/layout/step-focus.tsx';
import { useStepNavigation, useWizard } from '../../store/store-context.tsx';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { BookingCalendar } from '../../../shared/booking-calendar/booking-calendar.tsx';
import { text } from './text.ts';
import { TimeWindows } from '../../../shared/booking-calendar/time-windows.tsx';
import { useInstallationCalendar } from './use-installation-calendar.ts';
import type { WindowSlot } from '../../../shared/booking-calendar/time-windows.tsx';
import './installation.css';

export { prefetch } from './prefetch.ts';

// Loaded after the step (docs/rules/mail.md#finish-later).
const FinishLater = lazyWithRetry(() => import('../../finish-later/finish-later.tsx'));

// The hold's countdown ticks once a second: its own components, so a tick draws the timer and the
// dialog only, not the whole step and its calendar (bench/README.md, INP on the installation step),
// as on the payment step.
//
// It sits under the chosen day's windows, where the visitor just pressed one, and is brought into
// view when a new window is held (docs/rules/installation-and-holds.md#what-the-visitor-sees).
// Its 'Held for you' line is on the page before anything is held, so the hold is announced.
function InstallationHoldTimer(props: {
  expiresAt: string | null;
  held: WindowSlot | null;
  timeZone: string;
}) {
  const { held, timeZone } = props;
  const secondsLeft = useHoldCountdown(props.expiresAt);
  const live = held !== null && secondsLeft !== null && secondsLeft > 0;
  const box = useRef<HTMLDivElement>(null);
  // Only a hold made here: not one the step opened with (a reload, or back from Payment).
  const shown = useRef(held?.booking_id ?? null);
  const heldId = live ? held.booking_id : null;
  useEffect(() => {
    if (heldId === null || heldId === shown.current) return;
    shown.current = heldId;
    requestAnimationFrame(() => revealNearest(box.current));
  }, [heldId]);
  return (
    <div ref={box} className="installation__hold">
      <HoldTimer
        secondsLeft={live ? secondsLeft : null}
        what={
          live
            ? `${dateLabel(held.start, timeZone)}, ${arrivalWindowText(held.start, held.end, timeZone)}`
            : null
        }
      />
      {live && <HoldExtension secondsLeft={secondsLeft} timeZone={timeZone} reveal />}
    </div>
  );
}

function InstallationTimedOutDialog(props: {
  expiresAt: string | null;
  onSelectNewTime: () => void;
}) {
  const secondsLeft = useHoldCountdown(props.expiresAt);
  return (
    <ReservationTimedOutDialog
      open={props.expiresAt !== null && secondsLeft === 0}
      onSelectNewTime={props.onSelectNewTime}
    />
  );
}

/**
 * Step 5, Installation: a date, then an arrival window that is held while the visitor pays. What
 * it shows comes from the calendar's one owner, useInstallationCalendar.
 */
export function InstallationStep() {
  const { address } = useWizard();
  const { back } = useStepNavigation();
  if (!address.value) {
    return (
      <section className="step">
        <StepHeading>{text.heading}</StepHeading>
        <div className="step-actions">
          <Button variant="secondary" onClick={back}>
            {text.goBack}
          </Button>
        </div>
      </section>
    );
  }
  return <Installation address={address.value} />;
}

function Installation({ address }: { address: Address }) {
  const { back } = useStepNavigation();
  const ids = useId();
  const calendar = useInstallationCalendar(address);
  const { held, expiresAt, timeZone, errors } = calendar;
  const { day, ...windows } = calendar.windows;

  return (
    <section className="step installation">
      <StepHeading>{text.heading}</StepHeading>
      <p className="step-intro">{text.intro}</p>

      <section className="card step-section installation__card" aria-labelledby={`${ids}-dates`}>
        <div className="installation__grid">
          <div className="installation__dates">
            <h2 id={`${ids}-dates`} className="section-title">
              {text.dateTitle}
            </h2>
            <p className="section-intro">{text.zoneNote(calendar.city)}</p>
            {calendar.failed && (
              <Alert tone="danger" className="installation__alert">
                <div>
                  <p>{text.loadFailed}</p>
                  <Button variant="secondary" onClick={calendar.refresh}>
                    {text.tryAgain}
                  </Button>
                </div>
              </Alert>
            )}
            <BookingCalendar timeZone={timeZone} {...calendar.calendar} />
            {errors.date && (
              <p className="field__error" id={calendar.calendar.errorId} tabIndex={-1}>
                {errors.date}
              </p>
            )}
          </div>

          <div className="installation__times">
            <h2 className="section-title">{text.timeTitle}</h2>
            {calendar.lost && (
              <Alert tone="danger" className="installation__alert">
                <p>{calendar.refusal ?? text.slotUnavailable}</p>
              </Alert>
            )}
            <TimeWindows
              dayLabel={day ? dayKeyLabel(day) : null}
              timeZone={timeZone}
              {...windows}
            />
            {errors.bookingId && (
              <p className="field__error" id={windows.errorId} tabIndex={-1}>
                {errors.bookingId}
              </p>
            )}
            <InstallationHoldTimer expiresAt={expiresAt} held={held} timeZone={timeZone} />
            <p className="installation__note">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
                <path
                  d="M12 7v5l3 2"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              {text.note}
            </p>
          </div>
        </div>
      </section>

      <div className="step-actions">
        <Button variant="secondary" onClick={back}>
          {text.goBack}
        </Button>
        <Button onClick={calendar.onContinue} disabled={!calendar.canContinue}>
          {text.continue}
        </Button>
      </div>

      <Suspense fallback={null}>
        <FinishLater />
      </Suspense>
      <InstallationTimedOutDialog expiresAt={expiresAt} onSelectNewTime={calendar.selectNewTime} />
    </section>
  );
}
