/**
 * Brings `element` into view by the least scroll (block 'nearest'), smoothly unless the visitor
 * prefers reduced motion; nothing moves when it is already wholly in view. The hold's note and
 * 'Need more time?' show where the visitor is looking
 * (docs/rules/installation-and-holds.md#what-the-visitor-sees).
 */
export function revealNearest(element: Element | null): void {
  if (!element) return;
  const { top, bottom } = element.getBoundingClientRect();
  // The sticky header covers the top of the window (html's scroll-padding-top says how much).
  const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (top >= covered && bottom <= window.innerHeight) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
}
