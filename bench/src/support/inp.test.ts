import { describe, expect, it } from 'vitest';
import { inpOf } from './inp.ts';

describe('inpOf', () => {
  it('takes each interaction at its longest entry and INP as the longest interaction', () => {
    // A click is pointerdown, pointerup and click under one interactionId; a key press is
    // keydown and keyup under another.
    expect(
      inpOf([
        [1, 100, 48, 'pointerdown'],
        [1, 110, 136, 'pointerup'],
        [1, 112, 120, 'click'],
        [2, 900, 64, 'keydown'],
        [2, 960, 24, 'keyup'],
      ]),
    ).toEqual({ inp: 136, interactions: 2, worst: 'pointerup' });
  });

  it('splits the longest interaction into input delay, handlers and the wait for the paint', () => {
    expect(
      inpOf([
        [1, 100, 48, 'pointerdown', 110, 120],
        [2, 1000, 640, 'keydown', 1400, 1410],
      ]),
    ).toEqual({
      inp: 640,
      interactions: 2,
      worst: 'keydown',
      phases: { inputDelay: 400, processing: 10, presentation: 230 },
    });
  });

  it('answers 0 when nothing was slow enough to be reported', () => {
    expect(inpOf([])).toEqual({ inp: 0, interactions: 0, worst: 'none' });
  });
});
