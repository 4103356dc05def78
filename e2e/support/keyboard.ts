import { expect, type Locator, type Page } from '@playwright/test';

// Keyboard-only walking (issue 13, WCAG 2.2 SC 2.4.3 and 2.4.7): focus is moved with Tab and
// Shift+Tab only, and where it lands is checked on the page itself.

/** Whether `target` is the focused element. */
async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** A short description of the focused element, for failure messages. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}[role=${el.getAttribute('role') ?? ''}] "${name}"`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, back = false }: { max?: number; back?: boolean } = {},
): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

/**
 * The control has focus (not the page body) and shows it: an outline (style not 'none', width
 * above 0), or a solid ring drawn with box-shadow at least 2px wide (no blur, a spread of 2px or
 * more). A selected card's 1px ring or a soft drop shadow is not a focus indicator.
 */
export async function expectVisibleFocus(target: Locator, where: string): Promise<void> {
  const page = target.page();
  await expect
    .poll(async () => ((await isFocused(target)) ? 'focused' : await describeFocus(page)), {
      message: `${where}: focus should be on ${target.toString()}`,
    })
    .toBe('focused');
  const indicator = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    // 'rgb(11, 107, 203) 0px 0px 0px 5px, ...': each layer's lengths are x, y, blur, spread.
    const layers = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
    const ring = layers.some((layer) => {
      if (/inset/.test(layer)) return false;
      const [, , blur = 0, spread = 0] = (layer.match(/-?[\d.]+px/g) ?? []).map(parseFloat);
      return blur === 0 && spread >= 2;
    });
    return outline || ring;
  });
  expect(indicator, `${where}: the focused control shows no focus indicator`).toBe(true);
}
