/**
 * The order's reference (docs/rules/orders.md#the-order-reference,
 * docs/decisions/025-order-reference.md): eight characters of Crockford's base32, shown as two
 * groups of four ('K7QD-9XWM'). The alphabet has no I, L, O or U, so nothing read out or typed
 * is mistaken for another character; a reference typed with them, in lower case or without the
 * dash is read as the same one (normaliseOrderReference).
 */

/** Crockford's base32: digits and the letters without I, L, O, U. */
export const ORDER_REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Eight characters: 40 bits, five random bytes. */
export const ORDER_REFERENCE_BYTES = 5;

/** A reference as stored and shown. */
export const ORDER_REFERENCE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The reference five bytes (40 bits) spell, grouped 'XXXX-XXXX'. */
export function orderReferenceFrom(bytes: ArrayLike<number>): string {
  if (bytes.length < ORDER_REFERENCE_BYTES)
    throw new RangeError(`An order reference needs ${ORDER_REFERENCE_BYTES} bytes`);
  let bits = 0n;
  for (let i = 0; i < ORDER_REFERENCE_BYTES; i++) bits = (bits << 8n) | BigInt(bytes[i]! & 0xff);
  let chars = '';
  for (let i = 7; i >= 0; i--)
    chars += ORDER_REFERENCE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * A reference as someone typed it (any case, spaces or dashes anywhere, O for 0, I or L for 1),
 * as stored ('K7QD-9XWM'); null when it cannot be one.
 */
export function normaliseOrderReference(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== 8) return null;
  const grouped = `${compact.slice(0, 4)}-${compact.slice(4)}`;
  return ORDER_REFERENCE_PATTERN.test(grouped) ? grouped : null;
}
