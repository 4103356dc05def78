import { messages } from '@fibre/domain/shared';
import { text as calendarText } from '../../../shared/booking-calendar/text.ts';

/** Step 5's words. */
export const text = {
  heading: 'Installation',
  intro: 'Choose a date, then an arrival window. We hold the time for you while you pay.',
  zoneNote: (city: string) => `Dates and times are in ${city} time, where you are connecting.`,
  note: messages.installationNote,
  dateTitle: 'Choose a date',
  timeTitle: 'Choose an arrival time',
  loadingDates: calendarText.loadingDates,
  noWindowsOn: (date: string) =>
    `No arrival windows are left on ${date}. Please choose another date.`,
  loadFailed: 'We couldn’t load the installation times.',
  tryAgain: 'Try again',
  goBack: 'Go back',
  continue: 'Continue',
  slotUnavailable: messages.slotUnavailable,
} as const;
