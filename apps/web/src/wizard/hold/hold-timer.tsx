import { countdownText } from '@fibre/domain/scheduling';
import './hold.css';

/** The countdown's words (docs/rules/installation-and-holds.md#labels). */
export const holdTimerText = {
  // Said as a time left, so '10:00' beside 'Arrival between 10:00am and 12:00pm' is not a time of
  // day.
  left: 'Time left to complete your order:',
  fiveMinutes: 'Less than 5 minutes left to complete your order.',
  oneMinute: 'Less than a minute left to complete your order.',
} as const;

/** Seconds left at which the countdown is said to a screen reader, once each. */
export const HOLD_THRESHOLDS = { fiveMinutes: 300, oneMinute: 60 } as const;

/**
 * What the thresholds' live line says with `secondsLeft` left: nothing above five minutes, then
 * once at five minutes and once at one (unless 'Need more time?' says it then), never each second.
 */
export function thresholdText(secondsLeft: number, offerAtMinute: boolean): string {
  if (secondsLeft <= HOLD_THRESHOLDS.oneMinute && !offerAtMinute) return holdTimerText.oneMinute;
  if (secondsLeft <= HOLD_THRESHOLDS.fiveMinutes) return holdTimerText.fiveMinutes;
  return '';
}

interface HoldTimerProps {
  /** Seconds left, or null when nothing is held. */
  secondsLeft: number | null;
  /** What is held, e.g. 'Monday 3rd March, Arrival between 8:00am and 10:00am'; null when nothing. */
  what: string | null;
  /**
   * 'Need more time?' shows at one minute and says so itself (hold-extension.tsx): the threshold
   * line is then quiet. True unless the caller knows the extension is spent.
   */
  offerAtMinute?: boolean;
}

/**
 * The held slot's countdown (docs/rules/installation-and-holds.md, mm:ss). role timer is not live
 * by default, so a screen reader is not interrupted every second; the time is read when the visitor
 * reaches it. 'Held for you: ...' is said politely when it changes: its line is a polite live
 * region that stays on the page while nothing is held (empty, taking no room), so the hold that
 * fills it is announced. The time left is said politely only at thresholds (five minutes, one
 * minute), from a visually hidden live line whose words change only then.
 */
export function HoldTimer({ secondsLeft, what, offerAtMinute = true }: HoldTimerProps) {
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
            {holdTimerText.left}{' '}
            <span role="timer" className="hold-timer__clock">
              {countdownText(secondsLeft)}
            </span>
          </p>
        )}
        {held && (
          <p className="visually-hidden" aria-live="polite">
            {thresholdText(secondsLeft, offerAtMinute)}
          </p>
        )}
      </div>
    </div>
  );
}
