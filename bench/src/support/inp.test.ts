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

  it('answers 0 when nothing was slow enough to be reported', () => {
    expect(inpOf([])).toEqual({ inp: 0, interactions: 0, worst: 'none' });
  });
});
