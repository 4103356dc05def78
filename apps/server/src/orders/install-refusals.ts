import { directDebitMessages, messages } from '@fibre/domain/shared';
import { Refusal } from '../http/errors.ts';

/** The install's own refusals, thrown inside its unit of work so its transaction rolls back. */

export const bookingExpired = () =>
  new Refusal('conflict', 'booking_expired', messages.bookingExpired);

/**
 * A card token pays for one order (009-install-facts.md). 422, not 409: the wizard reads 409 as an
 * expired booking (docs/rules/orders.md), and not 402: the bank declined nothing.
 */
export const cardTokenSpent = (directDebit = false) =>
  new Refusal(
    'unprocessable',
    'card_token_used',
    directDebit
      ? directDebitMessages.bankAccountUsed
      : 'These card details were already used for an order. Please enter your card details again.',
    { 'charge_bee.tmp_token': 'was already used for an order' },
  );

export const keyReused = () =>
  new Refusal(
    'unprocessable',
    'idempotency_key_reused',
    'This Idempotency-Key was used for a different order',
  );
