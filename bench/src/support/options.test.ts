import { describe, expect, it } from 'vitest';
import { parseOptions, parseSize } from './options.ts';

describe('parseSize', () => {
  it('reads counts as people write them', () => {
    expect(parseSize('16M')).toBe(16_000_000);
    expect(parseSize('1M')).toBe(1_000_000);
    expect(parseSize('500k')).toBe(500_000);
    expect(parseSize('200K')).toBe(200_000);
    expect(parseSize('16m')).toBe(16_000_000);
    expect(parseSize('1.5M')).toBe(1_500_000);
    expect(parseSize('1.1M')).toBe(1_100_000);
    expect(parseSize('20000')).toBe(20_000);
    expect(parseSize('1,000,000')).toBe(1_000_000);
    expect(parseSize('16_000_000')).toBe(16_000_000);
    expect(parseSize(' 2k ')).toBe(2_000);
  });

  it('refuses what is not a whole, positive count', () => {
    for (const bad of ['', 'M', '16G', '16 M', '-5', '0', '0k', '1.5', '1.2345k', 'lots', '1e6']) {
      expect(() => parseSize(bad), bad).toThrow(/not a size/);
    }
  });
});

describe('--addresses', () => {
  it('is absent unless asked for: no run has the national bench by default', () => {
    expect(parseOptions([]).nationalSize).toBeUndefined();
    expect(parseOptions(['--quick', '--only=orders']).nationalSize).toBeUndefined();
  });

  it('takes its size after a space or an equals sign', () => {
    expect(parseOptions(['--addresses', '16M']).nationalSize).toBe(16_000_000);
    expect(parseOptions(['--quick', '--addresses=200k']).nationalSize).toBe(200_000);
  });

  it('needs a size', () => {
    expect(() => parseOptions(['--addresses'])).toThrow(/needs a size/);
    expect(() => parseOptions(['--addresses', '--quick'])).toThrow(/needs a size/);
    expect(() => parseOptions(['--addresses', 'many'])).toThrow(/not a size/);
  });
});

describe('the soak options', () => {
  it('runs for 10 minutes unless told, --minutes N or --minutes=N', () => {
    expect(parseOptions(['--soak'])).toMatchObject({ soak: true, soakMinutes: 10 });
    expect(parseOptions(['--soak', '--minutes', '8'])).toMatchObject({ soakMinutes: 8 });
    expect(parseOptions(['--soak', '--minutes=3'])).toMatchObject({ soakMinutes: 3 });
    expect(parseOptions(['--quick']).soak).toBe(false);
  });

  it('refuses minutes that are not a whole number from 1', () => {
    for (const bad of ['0', '-1', '2.5', 'ten']) {
      expect(() => parseOptions(['--soak', '--minutes', bad])).toThrow(/--minutes/);
    }
    expect(() => parseOptions(['--soak', '--minutes'])).toThrow(/--minutes/);
  });
});
