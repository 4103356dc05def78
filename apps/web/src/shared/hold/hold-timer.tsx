import { countdownText } from '@fibre/domain/scheduling';
import './hold.css';

interface HoldTimerProps {
  secondsLeft: number;
  /** What is held, e.g. 'Monday 3rd March, Arrival between 8:00am and 10:00am'. */
  what: string;
}

/**
 * The held slot's countdown (docs/rules/installation-and-holds.md, mm:ss). role timer is not live
 * by default, so a screen reader is not interrupted every second; the time is read when the visitor
 * reaches it.
 */
export function HoldTimer({ secondsLeft, what }: HoldTimerProps) {
  const urgent = secondsLeft <= 60;
  return (
    <div className={`hold-timer${urgent ? ' hold-timer--urgent' : ''}`}>
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
      <div className="hold-timer__text">
        <p className="hold-timer__what">
          <span className="hold-timer__label">Held for you: </span>
          {what}
        </p>
        <p className="hold-timer__left">
          Complete your order within{' '}
          <span role="timer" className="hold-timer__clock">
            {countdownText(secondsLeft)}
          </span>
        </p>
      </div>
    </div>
  );
}
