import { firstIssues, installationSchema } from '@fibre/domain/contact';
import type { DayKey } from '@fibre/domain/scheduling';
import { useEffect, useId, useState, type RefObject } from 'react';
import { useStepNavigation } from '../../store/store-context.tsx';

interface ContinueOptions {
  day: DayKey | null;
  bookingId: string | null;
  calendarRef: RefObject<HTMLDivElement | null>;
  windowsRef: RefObject<HTMLDivElement | null>;
}

/**
 * Continue: 'Please select an installation date', then '... time.' (errors show once pressed);
 * each press sends focus to the first choice the message is about.
 */
export function useContinueErrors({ day, bookingId, calendarRef, windowsRef }: ContinueOptions) {
  const { next } = useStepNavigation();
  const ids = useId();
  const [presses, setPresses] = useState(0);
  const choices = { date: day, bookingId };
  const errors = presses > 0 ? firstIssues(installationSchema.safeParse(choices)) : {};
  const dateErrorId = errors.date ? `${ids}-date-error` : undefined;
  const timeErrorId = errors.bookingId ? `${ids}-time-error` : undefined;
  useEffect(() => {
    if (presses === 0) return;
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
  }, [presses]);

  const onContinue = () => {
    setPresses((n) => n + 1);
    if (installationSchema.safeParse(choices).success) next();
  };

  return { errors, dateErrorId, timeErrorId, onContinue };
}
