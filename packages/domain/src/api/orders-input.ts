import { z } from 'zod';
import { text } from '../shared/text.ts';

/**
 * POST /api/v1/test-vault/tokens (docs/rules/demo-data.md#test-cards). A card that fails it is a
 * 422 `card_invalid`, as a real vault answers.
 */
export const cardTokenBody = z.object({
  number: z.string().max(32),
  expiry_month: z.coerce.number().int().min(1).max(12),
  expiry_year: z.coerce.number().int().min(0).max(2200),
  cvv: z.string().max(8),
  // The cardholder's name: one line of at most 100 characters (docs/decisions/008-server-input.md).
  name: text(100).refine((name) => name !== ''),
});
export type CardTokenBody = z.input<typeof cardTokenBody>;

/**
 * POST /api/v1/test-vault/bank-accounts (docs/rules/contact-and-connection.md#direct-debit): a
 * bank account for direct debit. One that fails its checks is a 422 `bank_account_invalid`
 * naming the wrong fields, as the card vault answers.
 */
export const bankAccountTokenBody = z.object({
  account_name: text(100).refine((name) => name.trim() !== ''),
  bsb: z.string().max(16),
  account_number: z.string().max(32),
});
export type BankAccountTokenBody = z.input<typeof bankAccountTokenBody>;

/** The install's Idempotency-Key header (docs/rules/orders.md). */
export const idempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(255)
  .regex(/^[\w.:-]+$/);

/** The {provider} segment: the served catalogue's provider code (docs/rules/api.md). */
export const providerParams = z.object({ provider: text(64) });
