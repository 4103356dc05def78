import { describe, expect, it } from 'vitest';
import { crewRows } from '../catalogue/rows.ts';
import { dayClosures } from './closures.ts';
import { demoCatalogue } from '../test-support/demo-catalogue.ts';
import {
  findWindow,
  parseState,
  stateZone,
  windowIdState,
  windowsBetween,
  zonedIso,
  type State,
} from './windows.ts';

const demoCrews = crewRows(demoCatalogue());
const crewsOf = (state: State) => demoCrews.filter((c) => c.state === state);
// Wednesday 30 September 2026, 10:00 in Sydney (AEST, +10:00); DST starts Sunday 4 October.
const wednesday = new Date('2026-09-30T00:00:00Z');

const between = (state: State, from: string, to: string, now = wednesday) =>
  windowsBetween(state, crewsOf(state), new Date(from), new Date(to), now);
const starts = (state: State, from: string, to: string, now = wednesday) =>
  between(state, from, to, now).map((w) => zonedIso(w.startsAt, stateZone(state)));

describe('windowsBetween', () => {
  it('starts two days ahead in the state zone and skips Sundays', () => {
    const days = new Set(
      starts('NSW', '2026-09-28T00:00:00+10:00', '2026-10-07T00:00:00+11:00').map((s) =>
        s.slice(0, 10),
      ),
    );
    // Wed 30 -> Fri 2 Oct first; Sun 4 Oct has no crews.
    expect([...days]).toEqual(['2026-10-02', '2026-10-03', '2026-10-05', '2026-10-06']);
  });

  it('gives four two-hour windows from 8 am to 4 pm local time, crews sorted', () => {
    const windows = between('NSW', '2026-10-02T00:00:00+10:00', '2026-10-03T00:00:00+10:00');
    expect(windows.map((w) => [w.id, zonedIso(w.endsAt, 'Australia/Sydney'), w.crewIds])).toEqual([
      ['NSW-2026-10-02T08:00', '2026-10-02T10:00:00+10:00', ['crew-nsw-1', 'crew-nsw-2']],
      ['NSW-2026-10-02T10:00', '2026-10-02T12:00:00+10:00', ['crew-nsw-1', 'crew-nsw-2']],
      ['NSW-2026-10-02T12:00', '2026-10-02T14:00:00+10:00', ['crew-nsw-1', 'crew-nsw-2']],
      ['NSW-2026-10-02T14:00', '2026-10-02T16:00:00+10:00', ['crew-nsw-1', 'crew-nsw-2']],
    ]);
  });

  it.each([
    // The Saturday before the change is +10:00, the Monday after it +11:00
    // (docs/rules/installation-and-holds.md).
    ['NSW', '2026-10-03T00:00:00+10:00', '2026-10-03T08:00:00+10:00'],
    ['NSW', '2026-10-05T00:00:00+11:00', '2026-10-05T08:00:00+11:00'],
    ['VIC', '2026-10-05T00:00:00+11:00', '2026-10-05T08:00:00+11:00'],
    ['TAS', '2026-10-05T00:00:00+11:00', '2026-10-05T08:00:00+11:00'],
    ['ACT', '2026-10-05T00:00:00+11:00', '2026-10-05T08:00:00+11:00'],
    ['QLD', '2026-10-05T00:00:00+10:00', '2026-10-05T08:00:00+10:00'],
    ['SA', '2026-10-05T00:00:00+10:30', '2026-10-05T08:00:00+10:30'],
    ['WA', '2026-10-05T00:00:00+08:00', '2026-10-05T08:00:00+08:00'],
    ['NT', '2026-10-05T00:00:00+09:30', '2026-10-05T08:00:00+09:30'],
    // DST ends on Sunday 4 April 2027: back to +10:00 the next day.
    ['NSW', '2027-04-05T00:00:00+10:00', '2027-04-05T08:00:00+10:00'],
    ['SA', '2027-04-05T00:00:00+09:30', '2027-04-05T08:00:00+09:30'],
  ] as const)('%s on %s opens at %s', (state, from, first) => {
    const to = new Date(new Date(from).getTime() + 86_400_000).toISOString();
    expect(starts(state, from, to)[0]).toBe(first);
  });

  it('counts the first bookable day in the state zone, not the server one', () => {
    // Thursday 1 October 00:30 in Sydney, still Wednesday 22:30 in Perth.
    const now = new Date('2026-09-30T14:30:00Z');
    const range = ['2026-09-30T00:00:00Z', '2026-10-10T00:00:00Z'] as const;
    expect(starts('NSW', ...range, now)[0]).toBe('2026-10-03T08:00:00+10:00');
    expect(starts('WA', ...range, now)[0]).toBe('2026-10-02T08:00:00+08:00');
  });

  it('keeps windows that start in [from, to) only', () => {
    expect(starts('NSW', '2026-10-02T10:00:00+10:00', '2026-10-02T14:00:00+10:00')).toEqual([
      '2026-10-02T10:00:00+10:00',
      '2026-10-02T12:00:00+10:00',
    ]);
  });

  it('offers nothing past a year ahead or before the first bookable day', () => {
    expect(between('NSW', '2026-09-01T00:00:00+10:00', '2026-10-02T00:00:00+10:00')).toEqual([]);
    expect(between('NSW', '2027-10-01T00:00:00+10:00', '2027-11-01T00:00:00+11:00')).toEqual([]);
  });
});

describe('findWindow', () => {
  const nsw = crewsOf('NSW');
  it.each([
    ['NSW-2026-10-05T08:00', 'bookable'],
    ['NSW-2026-10-03T14:00', 'bookable'],
    ['NSW-2026-10-01T08:00', 'closed'], // tomorrow: too soon
    ['NSW-2026-09-29T08:00', 'closed'], // past
    ['NSW-2027-12-01T08:00', 'closed'], // beyond the horizon
    ['NSW-2026-10-04T08:00', 'unknown'], // Sunday
    ['NSW-2026-10-05T09:00', 'unknown'], // not a window start
    ['NSW-2026-10-05T16:00', 'unknown'], // after hours
    ['NSW-2026-02-30T08:00', 'unknown'], // no such day
    ['nsw-2026-10-05T08:00', 'unknown'],
    ['XYZ-2026-10-05T08:00', 'unknown'],
    ['NSW-2026-10-05', 'unknown'],
  ])('%s is %s', (id, kind) => {
    expect(findWindow(id, nsw, wednesday).kind).toBe(kind);
  });

  it('recomputes the times and crews of the window', () => {
    const found = findWindow('NSW-2026-10-05T08:00', nsw, wednesday);
    expect(found).toMatchObject({
      kind: 'bookable',
      window: {
        startsAt: new Date('2026-10-05T08:00:00+11:00'),
        endsAt: new Date('2026-10-05T10:00:00+11:00'),
        crewIds: ['crew-nsw-1', 'crew-nsw-2'],
      },
    });
  });
});

describe('states', () => {
  it.each([
    ['NSW', 'NSW'],
    ['nsw', 'NSW'],
    [' Vic ', 'VIC'],
    ['New South Wales', 'NSW'],
    ['australian capital territory', 'ACT'],
    ['XYZ', undefined],
    ['', undefined],
  ])('parseState(%j) is %s', (input, state) => {
    expect(parseState(input)).toBe(state);
  });

  it('reads the state of a window id', () => {
    expect(windowIdState('SA-2026-10-05T08:00')).toBe('SA');
    expect(windowIdState('ZZ-2026-10-05T08:00')).toBeUndefined();
    expect(windowIdState('SA')).toBeUndefined();
  });
});

describe('closures', () => {
  const nsw = crewsOf('NSW');
  // A holiday on Monday 5 October and one crew off on Tuesday 6 October, as the table gives them.
  const closures = dayClosures([
    { day: '2026-10-05', crews_off: null },
    { day: '2026-10-06', crews_off: 1 },
  ]);

  it('leave a holiday without windows and a crew day off with fewer crews', () => {
    const windows = windowsBetween(
      'NSW',
      nsw,
      new Date('2026-10-05T00:00:00+11:00'),
      new Date('2026-10-07T00:00:00+11:00'),
      wednesday,
      closures,
    );
    expect(windows.map((w) => [w.id, w.crewIds])).toEqual([
      ['NSW-2026-10-06T08:00', ['crew-nsw-1']],
      ['NSW-2026-10-06T10:00', ['crew-nsw-1']],
      ['NSW-2026-10-06T12:00', ['crew-nsw-1']],
      ['NSW-2026-10-06T14:00', ['crew-nsw-1']],
    ]);
  });

  it('make a closed window full, not unknown', () => {
    expect(findWindow('NSW-2026-10-05T08:00', nsw, wednesday, closures).kind).toBe('full');
    expect(findWindow('NSW-2026-10-06T08:00', nsw, wednesday, closures)).toMatchObject({
      kind: 'bookable',
      window: { crewIds: ['crew-nsw-1'] },
    });
  });

  it.each([
    [
      [
        { day: '2026-10-05', crews_off: 1 },
        { day: '2026-10-05', crews_off: 1 },
      ],
      2,
    ],
    [
      [
        { day: '2026-10-05', crews_off: 1 },
        { day: '2026-10-05', crews_off: null },
      ],
      null,
    ],
    [
      [
        { day: '2026-10-05', crews_off: null },
        { day: '2026-10-05', crews_off: 1 },
      ],
      null,
    ],
  ])('add crews off up, and a holiday closes the day whatever else: %j', (rows, closure) => {
    expect(dayClosures(rows).get('2026-10-05')).toBe(closure);
  });
});
