// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoldTimer, holdTimerText, thresholdText } from './hold-timer.tsx';

// docs/rules/installation-and-holds.md: the countdown is mm:ss, said as a time left, and a screen
// reader hears it only at five minutes and at one, never each second.
describe('the hold countdown', () => {
  it('is a time left: its words, then mm:ss in a timer that is not live', () => {
    render(
      <HoldTimer
        secondsLeft={545}
        what="Friday 4th December, Arrival between 8:00am and 10:00am"
      />,
    );
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('09:05');
    expect(timer.getAttribute('aria-live')).toBeNull();
    expect(timer.parentElement!.textContent).toBe('Time left to complete your order: 09:05');
  });

  it.each([
    [600, true, ''],
    [301, true, ''],
    [300, true, holdTimerText.fiveMinutes],
    [61, false, holdTimerText.fiveMinutes],
    [60, false, holdTimerText.oneMinute],
    // 'Need more time?' says it at one minute instead.
    [60, true, holdTimerText.fiveMinutes],
    [5, false, holdTimerText.oneMinute],
  ])('%i s left (offer at one minute: %s): %j', (seconds, offer, words) => {
    expect(thresholdText(seconds, offer)).toBe(words);
  });

  it('says the threshold in a polite live line that changes only at the thresholds', () => {
    const what = 'Friday 4th December, Arrival between 8:00am and 10:00am';
    const { rerender, container } = render(
      <HoldTimer secondsLeft={302} what={what} offerAtMinute={false} />,
    );
    const live = () =>
      [...container.querySelectorAll('[aria-live="polite"]')].map((el) => el.textContent);
    expect(live()).toEqual([`Held for you: ${what}`, '']);
    rerender(<HoldTimer secondsLeft={300} what={what} offerAtMinute={false} />);
    rerender(<HoldTimer secondsLeft={299} what={what} offerAtMinute={false} />);
    expect(live()).toEqual([`Held for you: ${what}`, holdTimerText.fiveMinutes]);
    rerender(<HoldTimer secondsLeft={60} what={what} offerAtMinute={false} />);
    expect(live()[1]).toBe(holdTimerText.oneMinute);
  });
});
