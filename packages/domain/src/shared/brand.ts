/*
 * The provider's brand colour and the readable variants the pages use as CSS custom properties. A
 * white-label colour can be too light for text on white or for white text on it, so the readable
 * variants are derived here (WCAG relative luminance) rather than trusted: the page stays AA
 * whatever the colour. The server derives the palette and sends it in the public config, so the
 * first screen does not carry this arithmetic (bench/README.md: the address step's JavaScript).
 */

type Rgb = [number, number, number];

const FALLBACK = '#0b6bcb';

function parseHex(colour: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const mix = (rgb: Rgb, toward: Rgb, amount: number): Rgb =>
  rgb.map((c, i) => c + (toward[i]! - c) * amount) as Rgb;

/** Darkens the colour step by step until it reaches the ratio against white. */
function darkenFor(rgb: Rgb, ratio: number): Rgb {
  let current = rgb;
  for (let step = 0; step < 20 && contrast(current, WHITE) < ratio; step++) {
    current = mix(current, [0, 0, 0], 0.1);
  }
  return current;
}

export interface BrandPalette {
  brand: string;
  /** buttons with white text, links and focus rings on white: at least 4.5:1 either way */
  brandStrong: string;
  brandHover: string;
  brandSoft: string;
  /**
   * Text on brandStrong or brandHover (a chosen calendar day): white or the page's text colour,
   * whichever reads better on brandStrong; at least 4.5:1 on both.
   */
  brandOn: string;
}

const TEXT: Rgb = [15, 23, 42]; // --text

/** The text colour that reads better on `background`: white or the page's dark text. */
function readableOn(background: Rgb): Rgb {
  return contrast(WHITE, background) >= contrast(TEXT, background) ? WHITE : TEXT;
}

export function brandPalette(colour: string): BrandPalette {
  const rgb = parseHex(colour) ?? parseHex(FALLBACK)!;
  const strong = darkenFor(rgb, 4.5);
  return {
    brand: toHex(rgb),
    brandStrong: toHex(strong),
    brandHover: toHex(mix(strong, [0, 0, 0], 0.15)),
    brandSoft: toHex(mix(rgb, WHITE, 0.9)),
    brandOn: toHex(readableOn(strong)),
  };
}
