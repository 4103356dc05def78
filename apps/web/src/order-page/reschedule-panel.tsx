import type { OrderPageAnswer } from '@fibre/domain/api';
import { dayKeyLabel, dayKeyOf, firstBookableDay, formatWindow } from '@fibre/domain/scheduling';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { BookingCalendar } from '../shared/booking-calendar/booking-calendar.tsx';
import { TimeWindows } from '../shared/booking-calendar/time-windows.tsx';
import { text } from './text.ts';
import { useRescheduleConfirm } from './use-reschedule-confirm.ts';
import { useRescheduleWindows } from './use-reschedule-windows.ts';

/** The free windows could not be loaded: said, with a way to try again. */
function LoadSlotsFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="danger" className="order-page__alert">
      <div>
        <p>{text.loadSlotsFailed}</p>
        <Button variant="secondary" onClick={onRetry}>
          {text.tryAgain}
        </Button>
      </div>
    </Alert>
  );
}

/** The server's refusal of the new window, focused when it comes. */
function Refusal({
  message,
  errorRef,
}: {
  message: string;
  errorRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={errorRef} tabIndex={-1} className="order-page__notice">
      <Alert tone="danger" className="order-page__alert">
        <p>{message}</p>
      </Alert>
    </div>
  );
}

interface Props {
  token: string;
  order: OrderPageAnswer;
  /** The panel closes: with the changed order, or null when the customer kept their time. */
  onDone: (changed: OrderPageAnswer | null) => void;
}

/**
 * Another window for the installation (docs/rules/order-page.md, Reschedule): the free windows of
 * the order's state, as the wizard offers them, less the current one and any within 24 hours
 * (the server refuses those). Choosing a window selects it; "Confirm new time" asks the server.
 */
export function ReschedulePanel({ token, order, onDone }: Props) {
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { state, time_zone: timeZone } = order.window;
  const {
    thisMonth,
    lastMonth,
    month,
    setMonth,
    day,
    setDay,
    shown,
    ofDay,
    available,
    windows,
    refresh,
  } = useRescheduleWindows(order);
  const { chosen, setChosen, choose, missing, refusal, errorRef, busy, confirm } =
    useRescheduleConfirm({ token, refresh, onDone });

  useEffect(() => headingRef.current?.focus(), []);

  const missingId = missing && !chosen ? `${ids}-missing` : undefined;
  return (
    <section
      className="card step-section order-page__card installation"
      aria-labelledby={`${ids}-title`}
    >
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} className="section-title">
        {text.rescheduleTitle}
      </h2>
      <p className="section-intro">{text.rescheduleIntro}</p>
      {shown.isError && !shown.isFetching && <LoadSlotsFailed onRetry={refresh} />}
      <div className="installation__grid">
        <div className="installation__dates">
          <BookingCalendar
            timeZone={timeZone}
            month={month}
            onMonthChange={setMonth}
            firstMonth={thisMonth}
            lastMonth={lastMonth}
            selected={day}
            onSelect={(picked) => {
              setDay(picked);
              setChosen(null);
            }}
            held={dayKeyOf(order.window.start, timeZone)}
            available={available}
            firstDay={firstBookableDay(Date.now(), timeZone)}
            loading={shown.isFetching}
            errorId={undefined}
          />
        </div>
        <div className="installation__times">
          <TimeWindows
            dayLabel={day ? dayKeyLabel(day) : null}
            slots={windows}
            timeZone={timeZone}
            heldId={chosen?.booking_id ?? null}
            pendingId={null}
            busy={busy || ofDay.isFetching}
            errorId={missingId}
            onChoose={choose}
          />
        </div>
      </div>
      {chosen && (
        <p className="order-page__chosen" role="status">
          {text.chosen(formatWindow(new Date(chosen.start), new Date(chosen.end), state))}
        </p>
      )}
      {missingId && (
        <p className="field__error" id={missingId}>
          {text.chooseWindowFirst}
        </p>
      )}
      {refusal && <Refusal message={refusal.message} errorRef={errorRef} />}
      <div className="order-page__actions">
        <Button variant="secondary" onClick={() => onDone(null)} disabled={busy}>
          {text.keepCurrent}
        </Button>
        <Button onClick={confirm} busy={busy}>
          {text.confirmNew}
        </Button>
      </div>
    </section>
  );
}
