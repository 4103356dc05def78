import { describe, expect, it } from 'vitest';
import { brandPalette, contrast } from './brand.ts';

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const white: [number, number, number] = [255, 255, 255];

describe('brand palette', () => {
  it.each(['#0b6bcb', '#ffd400', '#7fffd4', '#000000', 'fff', 'not a colour'])(
    '%s gives a button colour white text reads on at AA',
    (colour) => {
      const palette = brandPalette(colour);
      expect(contrast(rgb(palette.brandStrong), white)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['#0b6bcb', '#ffd400', '#7fffd4', '#000000', '#e7f0fa'])(
    '%s gives a text colour that reads on the chosen day (brandStrong and brandHover) at AA',
    (colour) => {
      const palette = brandPalette(colour);
      expect(contrast(rgb(palette.brandOn), rgb(palette.brandStrong))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(rgb(palette.brandOn), rgb(palette.brandHover))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a colour that is already dark enough', () => {
    expect(brandPalette('#0b6bcb').brandStrong).toBe('#0b6bcb');
  });
});
