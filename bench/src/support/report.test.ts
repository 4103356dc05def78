import { describe, expect, it } from 'vitest';
import { machine, machineSpeed, SPEED_STEPS } from './report.ts';

describe('the machine header of RESULTS.md', () => {
  it('states the machine speed as the time of a fixed piece of work', () => {
    const speed =
      /^(\d+)M xorshift steps on one core in (\d+) ms \(best of 3; lower is faster\)$/.exec(
        machineSpeed(),
      );
    expect(speed).not.toBeNull();
    expect(Number(speed![1]) * 1_000_000).toBe(SPEED_STEPS);
    expect(Number(speed![2])).toBeGreaterThan(0);
  });

  it('has the speed beside the machine and the load it started at', () => {
    const lines = machine(['PostgreSQL 15']);
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
    expect(at('Machine speed: ')).toBe(at('Machine: ') + 2);
    expect(at('Load average when the run started')).toBe(at('Machine speed: ') + 1);
  });
});
