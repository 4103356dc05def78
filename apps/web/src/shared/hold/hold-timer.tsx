import { countdownText } from '@fibre/domain/scheduling';
import './hold.css';

interface HoldTimerProps {
  /** Seconds left, or null when nothing is held. */
  secondsLeft: number | null;
  /** What is held, e.g. 'Monday 3rd March, Arrival between 8:00am and 10:00am'; null when nothing. */
  what: string | null;
}

/**
 * The held slot's countdown (docs/rules/installation-and-holds.md, mm:ss). role timer is not live
 * by default, so a screen reader is not interrupted every second; the time is read when the visitor
 * reaches it. 'Held for you: ...' is said politely when it changes: its line is a polite live
 * region that stays on the page while nothing is held (empty, taking no room), so the hold that
 * fills it is announced.
 */
export function HoldTimer({ secondsLeft, what }: HoldTimerProps) {
  const held = what !== null && secondsLeft !== null && secondsLeft > 0;
  const urgent = held && secondsLeft <= 60;
  return (
    <div
      className={`hold-timer${held ? '' : ' hold-timer--empty'}${urgent ? ' hold-timer--urgent' : ''}`}
    >
      {held && (
        <svg
          className="hold-timer__icon"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
        >
          <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M12 9v4l2.5 2.5M9 2h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      )}
      <div className="hold-timer__text">
        <p className="hold-timer__what" aria-live="polite">
          {held && (
            <>
              <span className="hold-timer__label">Held for you: </span>
              {what}
            </>
          )}
        </p>
        {held && (
          <p className="hold-timer__left">
            Complete your order within{' '}
            <span role="timer" className="hold-timer__clock">
              {countdownText(secondsLeft)}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
