import { messages } from '@fibre/domain';

/** Step 5's words. */
export const text = {
  heading: 'Installation',
  intro: 'Choose a date, then an arrival window. We hold the time for you while you pay.',
  zoneNote: (city: string) => `Dates and times are in ${city} time, where you are connecting.`,
  note: messages.installationNote,
  dateTitle: 'Choose a date',
  timeTitle: 'Choose an arrival time',
  windowsOn: (date: string) => `Arrival windows on ${date}`,
  pickDateFirst: 'Choose a date to see its arrival windows.',
  noWindows: 'No arrival windows are left on this day. Please choose another date.',
  loadingDates: 'Loading available dates…',
  loadingWindows: 'Loading arrival windows…',
  noWindowsOn: (date: string) =>
    `No arrival windows are left on ${date}. Please choose another date.`,
  loadFailed: 'We couldn’t load the installation times.',
  tryAgain: 'Try again',
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  goBack: 'Go back',
  continue: 'Continue',
  slotUnavailable: messages.slotUnavailable,
} as const;
