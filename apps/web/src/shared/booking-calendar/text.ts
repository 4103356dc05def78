/** The booking calendar's and the arrival windows' words (the installation step and the order page). */
export const text = {
  windowsOn: (date: string) => `Arrival windows on ${date}`,
  pickDateFirst: 'Choose a date to see its arrival windows.',
  noWindows: 'No arrival windows are left on this day. Please choose another date.',
  loadingDates: 'Loading available dates…',
  loadingWindows: 'Loading arrival windows…',
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
} as const;
