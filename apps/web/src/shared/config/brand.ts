import type { PublicConfig } from '../api/config.ts';

/**
 * Applies the provider's palette, as the public config sends it (derived by the server from the
 * brand colour: @fibre/domain/shared brandPalette), as CSS custom properties.
 */
export function applyBrand(
  palette: PublicConfig['brandPalette'],
  root: HTMLElement = document.documentElement,
): void {
  root.style.setProperty('--brand', palette.brand);
  root.style.setProperty('--brand-strong', palette.brandStrong);
  root.style.setProperty('--brand-hover', palette.brandHover);
  root.style.setProperty('--brand-soft', palette.brandSoft);
  root.style.setProperty('--brand-on', palette.brandOn);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.brand);
}
