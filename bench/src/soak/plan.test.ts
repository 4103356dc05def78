import { describe, expect, it } from 'vitest';
import {
  exactlyOnce,
  faultNear,
  repeatsByFault,
  faultSchedule,
  percentileOf,
  soakSectionOf,
  Tally,
  withSoakSection,
} from './plan.ts';

describe('the soak schedule', () => {
  it.each([1, 2, 8, 10, 60])('in %i minutes: every fault once, apart, undone before 85%%', (m) => {
    const runMs = m * 60_000;
    const faults = faultSchedule(m);
    expect(faults.map((f) => f.kind)).toEqual([
      'kill an instance',
      'restart PostgreSQL',
      'stop Redis',
      'SMTP sink refuses',
      'webhook receiver refuses',
    ]);
    for (const [i, f] of faults.entries()) {
      expect(f.atMs).toBeGreaterThan(0);
      expect(f.atMs + f.forMs).toBeLessThanOrEqual(0.85 * runMs);
      // One at a time: each fault is undone before the next begins.
      const next = faults[i + 1];
      if (next) expect(f.atMs + f.forMs).toBeLessThan(next.atMs);
    }
  });

  it('refuses for a minute from 8 minutes up, an eighth of a shorter run', () => {
    expect(faultSchedule(8).find((f) => f.kind === 'SMTP sink refuses')!.forMs).toBe(60_000);
    expect(faultSchedule(10).find((f) => f.kind === 'stop Redis')!.forMs).toBe(60_000);
    expect(faultSchedule(2).find((f) => f.kind === 'webhook receiver refuses')!.forMs).toBe(15_000);
  });
});

describe('the tally of answers', () => {
  it('counts by step and status, statuses in order and network errors last', () => {
    const t = new Tally();
    for (const outcome of [503, 201, 'network error', 201, '409 reservation_taken'])
      t.add('install', outcome);
    t.add('hold', 201);
    expect(t.lines(['hold', 'install', 'vault token'])).toEqual([
      'hold: 201 × 1',
      'install: 201 × 2, 409 reservation_taken × 1, 503 × 1, network error × 1',
      'vault token: none',
    ]);
  });
});

describe('percentiles', () => {
  it.each([
    [50, 5],
    [95, 10],
    [99, 10],
    [10, 1],
  ])('p%i of 1..10 unsorted is %i (nearest rank)', (p, expected) => {
    expect(percentileOf([10, 3, 1, 7, 2, 9, 4, 8, 6, 5], p)).toBe(expected);
  });

  it('is NaN with nothing measured', () => {
    expect(percentileOf([], 50)).toBeNaN();
  });
});

describe('exactly once', () => {
  it('names the ids never seen, seen twice, and seen but never expected', () => {
    expect(exactlyOnce(['a', 'b', 'c'], ['a', 'b', 'b', 'x'])).toEqual({
      missing: ['c'],
      repeated: [['b', 2]],
      unexpected: ['x'],
    });
    expect(exactlyOnce(['a'], ['a'])).toEqual({ missing: [], repeated: [], unexpected: [] });
  });
});

describe('the soak section of RESULTS.md', () => {
  const results = '# Benchmark results\n\n## Budgets\n\ntable\n\n## Orders\n\nrows\n';
  const soak = '## Soak\n\n### Answers\n\nfigures\n';

  it('is added at the end, then replaced in place, leaving the other sections', () => {
    const once = withSoakSection(results, soak);
    expect(once).toBe(`${results.trimEnd()}\n\n${soak}`);
    const twice = withSoakSection(once, '## Soak\n\nnew figures\n');
    expect(twice).toBe(`${results.trimEnd()}\n\n## Soak\n\nnew figures\n`);
    expect(soakSectionOf(twice)).toBe('## Soak\n\nnew figures');
  });

  it('is replaced where it stands when another section follows', () => {
    const middle = `# R\n\n${soak}\n## Later\n\nkept\n`;
    expect(withSoakSection(middle, '## Soak\n\nnew\n')).toBe(
      '# R\n\n## Soak\n\nnew\n\n## Later\n\nkept\n',
    );
    expect(soakSectionOf(results)).toBeUndefined();
  });
});

describe('the fault behind a repeat', () => {
  const faults = [
    { kind: 'kill an instance' as const, from: 100_000, to: 120_000 },
    { kind: 'SMTP sink refuses' as const, from: 300_000, to: 360_000 },
  ];

  it('is the fault under way, or ended or begun within 10 s, else none', () => {
    expect(faultNear(110_000, faults)).toBe('kill an instance');
    expect(faultNear(95_000, faults)).toBe('kill an instance');
    expect(faultNear(369_000, faults)).toBe('SMTP sink refuses');
    expect(faultNear(200_000, faults)).toBeUndefined();
    expect(repeatsByFault([110_000, 301_000, 302_000, 200_000], faults)).toBe(
      'kill an instance: 1, SMTP sink refuses: 2, no fault near: 1',
    );
  });
});
