import { randomBytes } from 'node:crypto';
import { ORDER_REFERENCE_BYTES, orderReferenceFrom } from '@fibre/domain/install';

/**
 * A new order's reference (docs/rules/orders.md#the-order-reference): 40 random bits as
 * 'K7QD-9XWM'. Unique by the index of migration 024; the install draws again on a collision
 * (write-order.ts), docs/decisions/025-order-reference.md.
 */
export function randomOrderReference(): string {
  return orderReferenceFrom(randomBytes(ORDER_REFERENCE_BYTES));
}
