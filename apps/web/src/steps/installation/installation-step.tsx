import {
  arrivalWindowText,
  dateLabel,
  dayKeyLabel,
  dayKeyOf,
  dedupeSlotsByStart,
  firstIssues,
  installationSchema,
  monthKeyOf,
  slotsOnDay,
  stateTimeZone,
  type Address,
} from '@fibre/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useConfig } from '../../app/config/config-context.tsx';
import { HoldTimer } from '../../app/hold/hold-timer.tsx';
import { ReservationTimedOutDialog } from '../../app/hold/reservation-timed-out-dialog.tsx';
import { useHoldCountdown } from '../../app/hold/use-hold-countdown.ts';
import { StepHeading } from '../../app/shell/step-focus.tsx';
import { useDispatch, useStepNavigation, useWizard } from '../../app/store/store-context.tsx';
import { Alert } from '../../app/ui/alert.tsx';
import { Button } from '../../app/ui/button.tsx';
import { BookingCalendar } from './booking-calendar.tsx';
import { addMonths } from './month-keys.ts';
import { text } from './text.ts';
import { TimeWindows, type WindowSlot } from './time-windows.tsx';
import { useBookingSlots } from './use-booking-slots.ts';
import { useHold } from './use-hold.ts';
import './installation.css';

// Windows are offered up to a year ahead (docs/rules/installation-and-holds.md).
const MONTHS_AHEAD = 12;

/** Step 5, Installation: a date, then an arrival window that is held while the visitor pays. */
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
  const { site } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const { next, back } = useStepNavigation();
  const ids = useId();
  const calendarRef = useRef<HTMLDivElement>(null);
  const windowsRef = useRef<HTMLDivElement>(null);

  const timeZone = stateTimeZone(address.state);
  const { reservation, slot: held } = state.reservations;
  const day = state.bookings.date;
  const heldDay = held ? dayKeyOf(held.start, timeZone) : null;
  const [thisMonth] = useState(() => monthKeyOf(Date.now(), timeZone));
  const [month, setMonth] = useState(() => (day ?? heldDay)?.slice(0, 7) ?? thisMonth);

  const slots = useBookingSlots(site.provider, address.state, timeZone, month);
  const { hold, pendingId, release, refusal } = useHold(slots.refresh);
  const secondsLeft = useHoldCountdown(reservation?.expires_at ?? null);
  const timedOut = reservation !== null && secondsLeft === 0;
  // docs/rules/installation-and-holds.md: a window taken meanwhile, or a hold that expired, shows
  // the danger alert.
  const lost = state.reservations.status === 'failed';

  // A hold made for another address (the visitor went back and checked a new one) is let go.
  const heldElsewhere = held !== null && held.formattedAddress !== address.formatted_address;
  useEffect(() => {
    if (!heldElsewhere) return;
    release(reservation);
    dispatch({ type: 'bookings/reset', lost: false });
  }, [heldElsewhere, release, reservation, dispatch]);

  // The chosen day's windows; the held window stays listed even once no other crew is free.
  // Worked out when they change, not on every render (the countdown renders every second).
  const heldSlot = held && reservation ? held : null;
  const daySlots: WindowSlot[] = useMemo(
    () =>
      day
        ? slotsOnDay(
            dedupeSlotsByStart<WindowSlot>([
              ...(slots.byDay.get(day) ?? []),
              ...(heldSlot ? [heldSlot] : []),
            ]),
            day,
            timeZone,
          )
        : [],
    [day, slots.byDay, heldSlot, timeZone],
  );

  const [submitted, setSubmitted] = useState(false);
  const errors = submitted
    ? firstIssues(
        installationSchema.safeParse({
          date: day,
          bookingId: reservation ? state.bookings.wantedBookingId : null,
        }),
      )
    : {};
  const dateErrorId = errors.date ? `${ids}-date-error` : undefined;
  const timeErrorId = errors.bookingId ? `${ids}-time-error` : undefined;

  const [focusError, setFocusError] = useState(0);
  useEffect(() => {
    if (focusError === 0) return;
    const scope = errors.date ? calendarRef.current : windowsRef.current;
    const messageId = errors.date ? dateErrorId : timeErrorId;
    // The first choice the message is about; while there is none to make (the dates are still
    // loading), the message itself: never a control that does nothing, like a month arrow that is
    // only aria-disabled.
    const target =
      scope?.querySelector<HTMLElement>(
        'button[aria-describedby]:not(:disabled):not([aria-disabled="true"])',
      ) ?? (messageId ? document.getElementById(messageId) : null);
    target?.focus();
    // Keyed on the presses of Continue only: the errors changing as the visitor chooses must not
    // move their focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a press of Continue only, as above
  }, [focusError]);

  function onContinue() {
    setSubmitted(true);
    const result = installationSchema.safeParse({
      date: day,
      bookingId: reservation ? state.bookings.wantedBookingId : null,
    });
    if (!result.success) {
      setFocusError((n) => n + 1);
      return;
    }
    next();
  }

  // On a phone the windows are below two months of calendar: bring them into view.
  const [chosen, setChosen] = useState(0);
  useEffect(() => {
    if (chosen === 0) return;
    const list = windowsRef.current;
    if (!list) return;
    const { top, bottom } = list.getBoundingClientRect();
    if (top > window.innerHeight - 120 || bottom < 0) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      list.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    }
  }, [chosen]);

  // Stable, so the memoised calendar is not drawn again on every render.
  const chooseDay = useCallback(
    (date: string) => {
      dispatch({ type: 'bookings/date', date });
      setChosen((n) => n + 1);
    },
    [dispatch],
  );

  function selectNewTime() {
    dispatch({ type: 'bookings/reset', lost: true });
    slots.refresh();
  }

  const city = timeZone.split('/')[1]?.replace(/_/g, ' ') ?? timeZone;
  const busy = slots.loading || pendingId !== null;

  return (
    <section className="step installation">
      <StepHeading>{text.heading}</StepHeading>
      <p className="step-intro">{text.intro}</p>

      {reservation && held && secondsLeft !== null && secondsLeft > 0 && (
        <HoldTimer
          secondsLeft={secondsLeft}
          what={`${dateLabel(held.start, timeZone)}, ${arrivalWindowText(held.start, held.end, timeZone)}`}
        />
      )}

      <section className="card step-section installation__card" aria-labelledby={`${ids}-dates`}>
        <div className="installation__grid">
          <div className="installation__dates">
            <h2 id={`${ids}-dates`} className="section-title">
              {text.dateTitle}
            </h2>
            <p className="section-intro">{text.zoneNote(city)}</p>
            {slots.failed && (
              <Alert tone="danger" className="installation__alert">
                <div>
                  <p>{text.loadFailed}</p>
                  <Button variant="secondary" onClick={slots.refresh}>
                    {text.tryAgain}
                  </Button>
                </div>
              </Alert>
            )}
            <BookingCalendar
              ref={calendarRef}
              timeZone={timeZone}
              month={month}
              onMonthChange={setMonth}
              firstMonth={thisMonth}
              lastMonth={addMonths(thisMonth, MONTHS_AHEAD)}
              selected={day}
              onSelect={chooseDay}
              held={reservation ? heldDay : null}
              available={slots.days}
              loading={slots.loading}
              errorId={dateErrorId}
            />
            {errors.date && (
              <p className="field__error" id={dateErrorId} tabIndex={-1}>
                {errors.date}
              </p>
            )}
          </div>

          <div className="installation__times">
            <h2 className="section-title">{text.timeTitle}</h2>
            {lost && (
              <Alert tone="danger" className="installation__alert">
                <p>{refusal ?? text.slotUnavailable}</p>
              </Alert>
            )}
            <TimeWindows
              ref={windowsRef}
              dayLabel={day ? dayKeyLabel(day) : null}
              slots={daySlots}
              timeZone={timeZone}
              heldId={reservation ? (held?.booking_id ?? null) : null}
              pendingId={pendingId}
              busy={busy}
              errorId={timeErrorId}
              onChoose={(slot) => void hold(slot)}
            />
            {errors.bookingId && (
              <p className="field__error" id={timeErrorId} tabIndex={-1}>
                {errors.bookingId}
              </p>
            )}
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
        <Button onClick={onContinue} disabled={lost || pendingId !== null}>
          {text.continue}
        </Button>
      </div>

      <ReservationTimedOutDialog open={timedOut} onSelectNewTime={selectNewTime} />
    </section>
  );
}
