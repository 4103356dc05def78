/**
 * docs/rules/contact-and-connection.md: names are stored with the first letter capitalised and the
 * rest lowercase, taken literally: "mary ann o'brien" becomes "Mary ann o'brien", not title case.
 */
export function capitaliseName(name: string): string {
  // Code points, not UTF-16 units, so a name starting with an astral letter is not split.
  const [first = '', ...rest] = name.trim();
  const upper = first.toUpperCase();
  // A letter whose capital is two letters (ß -> SS) is kept as typed: the second letter would be
  // lowered on the next pass and storing a name twice must not change it.
  const head = [...upper].length === 1 ? upper : first;
  return head + rest.join('').toLowerCase();
}
