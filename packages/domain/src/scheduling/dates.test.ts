import { describe, expect, it } from 'vitest';
import {
  arrivalWindowText,
  bookingDayWindow,
  bookingMonthWindow,
  countdownText,
  dateLabel,
  dayButtonLabel,
  dayKeyButtonLabel,
  dayKeyLabel,
  firstBookableDay,
  dayKeyOf,
  endOfBookingDayMs,
  formatMoment,
  formatWindow,
  holdSecondsLeft,
  monthKeyOf,
  stateTimeZone,
  timeLabel,
  toInstant,
  toZonedIso,
} from './dates.ts';

// Australian DST in 2026: Sydney, Melbourne and Adelaide leave it on Sunday 5 April and start it
// on Sunday 4 October; Brisbane, Perth and Darwin have none. These tests also run with the
// process in America/Los_Angeles (vitest.config.ts), whose own changes fall on other days.
const SYDNEY = 'Australia/Sydney';
const ADELAIDE = 'Australia/Adelaide';
const PERTH = 'Australia/Perth';
const BRISBANE = 'Australia/Brisbane';

describe('stateTimeZone: docs/rules/installation-and-holds.md "NSW Sydney, QLD Brisbane, SA Adelaide, WA Perth, NT Darwin, any other state Melbourne"', () => {
  it.each([
    ['NSW', 'Australia/Sydney'],
    ['QLD', 'Australia/Brisbane'],
    ['SA', 'Australia/Adelaide'],
    ['WA', 'Australia/Perth'],
    ['NT', 'Australia/Darwin'],
    ['New South Wales', 'Australia/Sydney'],
    ['Queensland', 'Australia/Brisbane'],
    ['South Australia', 'Australia/Adelaide'],
    ['Western Australia', 'Australia/Perth'],
    ['Northern Territory', 'Australia/Darwin'],
    ['nsw', 'Australia/Sydney'],
    [' wa ', 'Australia/Perth'],
    ['VIC', 'Australia/Melbourne'],
    ['Victoria', 'Australia/Melbourne'],
    ['TAS', 'Australia/Melbourne'],
    ['ACT', 'Australia/Melbourne'],
    ['', 'Australia/Melbourne'],
  ])('%j -> %s', (state, zone) => {
    expect(stateTimeZone(state)).toBe(zone);
  });
});

describe('toInstant', () => {
  it.each([
    ['2026-12-03T08:00:00+11:00', Date.UTC(2026, 11, 2, 21)],
    ['2026-12-02T21:00:00Z', Date.UTC(2026, 11, 2, 21)],
    ['2026-12-03T08:00:00+1100', Date.UTC(2026, 11, 2, 21)],
    [Date.UTC(2026, 11, 2, 21), Date.UTC(2026, 11, 2, 21)],
    [new Date(Date.UTC(2026, 11, 2, 21)), Date.UTC(2026, 11, 2, 21)],
  ])('%j', (value, ms) => {
    expect(toInstant(value).getTime()).toBe(ms);
  });

  it('refuses a date-time without an offset: it would mean a different instant in each process zone', () => {
    expect(() => toInstant('2026-12-03T08:00:00')).toThrow(RangeError);
  });

  it.each(['not a dateZ', '2026-12-03T08:00:00+11', Number.NaN])('refuses %j', (value) => {
    expect(() => toInstant(value)).toThrow(/Not a date-time/);
  });
});

describe('toZonedIso: the zone offset of the instant, DST included', () => {
  it.each([
    ['2026-12-02T21:00:00Z', SYDNEY, '2026-12-03T08:00:00+11:00'],
    ['2026-06-02T22:00:00Z', SYDNEY, '2026-06-03T08:00:00+10:00'],
    ['2026-12-02T21:30:00Z', ADELAIDE, '2026-12-03T08:00:00+10:30'],
    ['2026-06-02T22:30:00Z', ADELAIDE, '2026-06-03T08:00:00+09:30'],
    ['2026-12-03T00:00:00Z', PERTH, '2026-12-03T08:00:00+08:00'],
    ['2026-12-02T22:00:00Z', BRISBANE, '2026-12-03T08:00:00+10:00'],
    ['2026-12-02T22:30:00Z', 'Australia/Darwin', '2026-12-03T08:00:00+09:30'],
    // 2026-10-04 02:00 in Sydney is skipped: 15:59Z is 01:59+10:00, 16:00Z is 03:00+11:00.
    ['2026-10-03T15:59:00Z', SYDNEY, '2026-10-04T01:59:00+10:00'],
    ['2026-10-03T16:00:00Z', SYDNEY, '2026-10-04T03:00:00+11:00'],
  ])('%s in %s -> %s', (instant, zone, iso) => {
    expect(toZonedIso(instant, zone)).toBe(iso);
  });
});

describe('bookingMonthWindow: docs/rules/installation-and-holds.md "from the first of the month to the first of the month three months later"', () => {
  it.each([
    ['2026-12', SYDNEY, '2026-12-01T00:00:00+11:00', '2027-03-01T00:00:00+11:00'],
    // Spans the October start of DST: the two ends have different offsets.
    ['2026-08', SYDNEY, '2026-08-01T00:00:00+10:00', '2026-11-01T00:00:00+11:00'],
    ['2026-10', SYDNEY, '2026-10-01T00:00:00+10:00', '2027-01-01T00:00:00+11:00'],
    // Spans the April end of DST.
    ['2027-02', SYDNEY, '2027-02-01T00:00:00+11:00', '2027-05-01T00:00:00+10:00'],
    ['2026-08', ADELAIDE, '2026-08-01T00:00:00+09:30', '2026-11-01T00:00:00+10:30'],
    ['2026-08', PERTH, '2026-08-01T00:00:00+08:00', '2026-11-01T00:00:00+08:00'],
    ['2026-08', BRISBANE, '2026-08-01T00:00:00+10:00', '2026-11-01T00:00:00+10:00'],
    ['2026-11', 'Australia/Melbourne', '2026-11-01T00:00:00+11:00', '2027-02-01T00:00:00+11:00'],
  ])('%s in %s', (month, zone, from, to) => {
    expect(bookingMonthWindow(month, zone)).toEqual({ from, to });
  });

  it.each(['2026-13', '2026-00', '2026-1', '2026-12-01', 'December'])('refuses %j', (month) => {
    expect(() => bookingMonthWindow(month, SYDNEY)).toThrow(RangeError);
  });
});

describe('bookingDayWindow: docs/rules/installation-and-holds.md "from day start to hour 23"', () => {
  it.each([
    ['2026-12-03', SYDNEY, '2026-12-03T00:00:00+11:00', '2026-12-03T23:00:00+11:00'],
    // DST starts during the day: midnight is +10:00, hour 23 is +11:00.
    ['2026-10-04', SYDNEY, '2026-10-04T00:00:00+10:00', '2026-10-04T23:00:00+11:00'],
    // DST ends during the day.
    ['2026-04-05', SYDNEY, '2026-04-05T00:00:00+11:00', '2026-04-05T23:00:00+10:00'],
    ['2026-10-04', ADELAIDE, '2026-10-04T00:00:00+09:30', '2026-10-04T23:00:00+10:30'],
    ['2026-10-04', PERTH, '2026-10-04T00:00:00+08:00', '2026-10-04T23:00:00+08:00'],
    ['2026-10-04', BRISBANE, '2026-10-04T00:00:00+10:00', '2026-10-04T23:00:00+10:00'],
  ])('%s in %s', (day, zone, from, to) => {
    expect(bookingDayWindow(day, zone)).toEqual({ from, to });
  });

  it.each(['2026-02-30', '2026-12-3', '2026-12', '03/12/2026'])('refuses %j', (day) => {
    expect(() => bookingDayWindow(day, SYDNEY)).toThrow(RangeError);
  });
});

describe('day and month keys are calendar days in the zone, not in UTC or the process zone', () => {
  // 15:30Z on 2 December is 02:30 on the 3rd in Sydney, 02:00 in Adelaide, 23:30 on the 2nd in Perth.
  it.each([
    ['2026-12-02T15:30:00Z', SYDNEY, '2026-12-03'],
    ['2026-12-02T15:30:00Z', ADELAIDE, '2026-12-03'],
    ['2026-12-02T15:30:00Z', PERTH, '2026-12-02'],
    ['2026-10-04T03:00:00+11:00', SYDNEY, '2026-10-04'],
  ])('dayKeyOf(%s, %s) = %s', (instant, zone, key) => {
    expect(dayKeyOf(instant, zone)).toBe(key);
  });

  it.each([
    ['2026-11-30T14:00:00Z', SYDNEY, '2026-12'],
    ['2026-11-30T14:00:00Z', PERTH, '2026-11'],
  ])('monthKeyOf(%s, %s) = %s', (instant, zone, key) => {
    expect(monthKeyOf(instant, zone)).toBe(key);
  });
});

describe('endOfBookingDayMs: docs/rules/orders.md charge_bee start_date "end of the booking day in ms"', () => {
  it.each([
    ['2026-12-03T08:00:00+11:00', SYDNEY, '2026-12-03T23:59:59.999+11:00'],
    // Same instant written in UTC, where the calendar day is still the 2nd.
    ['2026-12-02T21:00:00Z', SYDNEY, '2026-12-03T23:59:59.999+11:00'],
    ['2026-10-04T09:00:00+11:00', SYDNEY, '2026-10-04T23:59:59.999+11:00'],
    ['2026-04-05T09:00:00+10:00', SYDNEY, '2026-04-05T23:59:59.999+10:00'],
    ['2026-12-03T08:00:00+08:00', PERTH, '2026-12-03T23:59:59.999+08:00'],
    ['2026-12-03T08:00:00+10:30', ADELAIDE, '2026-12-03T23:59:59.999+10:30'],
  ])('%s in %s -> %s', (start, zone, end) => {
    expect(endOfBookingDayMs(start, zone)).toBe(Date.parse(end));
  });
});

describe('dateLabel: docs/rules/installation-and-holds.md "ordinal days (for example Monday 3rd March)"', () => {
  it('quotes docs/rules/installation-and-holds.md', () => {
    expect(dateLabel('2025-03-03T08:00:00+11:00', SYDNEY)).toBe('Monday 3rd March');
  });

  it.each([
    ['2025-03-01', 'Saturday 1st March'],
    ['2025-03-02', 'Sunday 2nd March'],
    ['2025-03-03', 'Monday 3rd March'],
    ['2025-03-04', 'Tuesday 4th March'],
    ['2025-03-11', 'Tuesday 11th March'],
    ['2025-03-12', 'Wednesday 12th March'],
    ['2025-03-13', 'Thursday 13th March'],
    ['2025-03-21', 'Friday 21st March'],
    ['2025-03-22', 'Saturday 22nd March'],
    ['2025-03-23', 'Sunday 23rd March'],
    ['2025-03-31', 'Monday 31st March'],
  ])('%s -> %s', (day, label) => {
    expect(dateLabel(`${day}T10:00:00+11:00`, SYDNEY)).toBe(label);
    expect(dayKeyLabel(day)).toBe(label);
  });

  it.each([
    [SYDNEY, 'Monday 3rd March'],
    [PERTH, 'Sunday 2nd March'],
  ])('uses the calendar day in %s', (zone, label) => {
    expect(dateLabel('2025-03-02T15:00:00Z', zone)).toBe(label);
  });
});

describe('dayButtonLabel: a day button is named with the number it shows (WCAG 2.5.3, label in name)', () => {
  it.each([
    ['2026-12-04', 'Friday 4 December'],
    ['2026-12-01', 'Tuesday 1 December'],
    ['2026-12-22', 'Tuesday 22 December'],
    ['2027-01-11', 'Monday 11 January'],
  ])('%s -> %s, its number a word of the name', (day, label) => {
    expect(dayKeyButtonLabel(day)).toBe(label);
    expect(dayButtonLabel(`${day}T10:00:00+11:00`, SYDNEY)).toBe(label);
    expect(label.split(' ')).toContain(String(Number(day.slice(8))));
  });

  it('uses the calendar day of the zone', () => {
    expect(dayButtonLabel('2025-03-02T15:00:00Z', SYDNEY)).toBe('Monday 3 March');
    expect(dayButtonLabel('2025-03-02T15:00:00Z', PERTH)).toBe('Sunday 2 March');
  });
});

describe("firstBookableDay: two days ahead in the state's zone (docs/rules/installation-and-holds.md)", () => {
  it.each([
    // 18:00 in Sydney on the 2nd: the 4th.
    ['2026-12-02T07:00:00Z', SYDNEY, '2026-12-04'],
    // Still the 1st in UTC, already the 2nd in Sydney: the 4th, whatever the machine's own zone.
    ['2026-12-01T14:00:00Z', SYDNEY, '2026-12-04'],
    // The same instant is still the 1st in Perth: the 3rd.
    ['2026-12-01T14:00:00Z', PERTH, '2026-12-03'],
    // Across a month and a year.
    ['2026-12-30T12:00:00+11:00', SYDNEY, '2027-01-01'],
    // Across the change to daylight saving (4 October 2026 in Sydney).
    ['2026-10-03T23:30:00+10:00', SYDNEY, '2026-10-05'],
  ])('at %s in %s -> %s', (now, zone, day) => {
    expect(firstBookableDay(now, zone)).toBe(day);
  });
});

describe('timeLabel: docs/rules/installation-and-holds.md "Times are 12-hour am/pm", written 8:00am', () => {
  it.each([
    ['2026-12-03T08:00:00+11:00', SYDNEY, '8:00am'],
    ['2026-12-03T10:30:00+11:00', SYDNEY, '10:30am'],
    ['2026-12-03T12:00:00+11:00', SYDNEY, '12:00pm'],
    ['2026-12-03T16:00:00+11:00', SYDNEY, '4:00pm'],
    ['2026-12-03T00:15:00+11:00', SYDNEY, '12:15am'],
    ['2026-10-04T08:00:00+11:00', SYDNEY, '8:00am'],
    ['2026-10-04T08:00:00+11:00', BRISBANE, '7:00am'],
    ['2026-10-04T08:00:00+11:00', ADELAIDE, '7:30am'],
    ['2026-10-04T08:00:00+11:00', PERTH, '5:00am'],
  ])('%s in %s -> %s', (instant, zone, label) => {
    expect(timeLabel(instant, zone)).toBe(label);
  });
});

describe('arrivalWindowText: docs/rules/installation-and-holds.md "Arrival between start and end"', () => {
  it.each([
    [
      '2026-12-03T08:00:00+11:00',
      '2026-12-03T10:00:00+11:00',
      SYDNEY,
      'Arrival between 8:00am and 10:00am',
    ],
    [
      '2026-12-03T12:00:00+08:00',
      '2026-12-03T14:00:00+08:00',
      PERTH,
      'Arrival between 12:00pm and 2:00pm',
    ],
    ['2026-12-02T21:00:00Z', '2026-12-02T23:00:00Z', SYDNEY, 'Arrival between 8:00am and 10:00am'],
  ])('%s..%s in %s', (start, end, zone, text) => {
    expect(arrivalWindowText(start, end, zone)).toBe(text);
  });
});

describe('reservation countdown: docs/rules/installation-and-holds.md "counts down (mm/ss)"', () => {
  const expiresAt = '2026-12-03T08:10:00+11:00';

  it.each([
    [Date.parse('2026-12-03T08:00:00+11:00'), 600],
    [Date.parse('2026-12-03T08:00:00.001+11:00'), 600],
    [Date.parse('2026-12-03T08:09:59+11:00'), 1],
    [Date.parse('2026-12-03T08:10:00+11:00'), 0],
    [Date.parse('2026-12-03T08:11:00+11:00'), 0],
  ])('at %s there are %s seconds left', (now, seconds) => {
    expect(holdSecondsLeft(expiresAt, now)).toBe(seconds);
    expect(holdSecondsLeft(expiresAt, new Date(now))).toBe(seconds);
  });

  it.each([
    [600, '10:00'],
    [599, '09:59'],
    [65, '01:05'],
    [59.7, '00:59'],
    [0, '00:00'],
    [-3, '00:00'],
  ])('%s seconds -> %s', (seconds, text) => {
    expect(countdownText(seconds)).toBe(text);
  });
});

describe('formatWindow and formatMoment (the order mails and the order page)', () => {
  it('write a window and a moment in the zone, with its summer or standard name', () => {
    const start = new Date('2026-12-02T21:00:00Z');
    const end = new Date('2026-12-02T23:00:00Z');
    expect(formatWindow(start, end, 'NSW')).toBe(
      'Thursday 3 December 2026, 8:00 am – 10:00 am AEDT',
    );
    expect(formatMoment(start, 'Australia/Sydney')).toBe('Thursday 3 December 2026, 8:00 am AEDT');
    expect(formatMoment(new Date('2026-07-01T02:30:00Z'), 'Australia/Brisbane')).toBe(
      'Wednesday 1 July 2026, 12:30 pm AEST',
    );
    expect(formatMoment(start, 'Australia/Perth')).toBe('Thursday 3 December 2026, 5:00 am AWST');
  });
});
