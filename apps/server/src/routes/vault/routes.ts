import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages, text } from '@fibre/domain';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import type { RouteDoc } from '../../openapi.ts';
import { saveToken } from '../../repositories/vault.ts';
import { INSUFFICIENT_FUNDS_CARD, cardBrand, expired, luhnValid } from '../../vault/cards.ts';

const tokenBody = z.object({
  number: z.string().max(32),
  expiry_month: z.coerce.number().int().min(1).max(12),
  expiry_year: z.coerce.number().int().min(0).max(2200),
  cvv: z.string().max(8),
  // The cardholder's name: one line of at most 100 characters (docs/decisions/008-server-input.md).
  name: text(100).refine((name) => name !== ''),
});

export const vaultDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/v1/test-vault/tokens',
    summary:
      'Test-mode card vault: checks a test card and returns a token (only without Chargebee)',
    tag: 'payments',
    body: tokenBody,
    responses: { 201: '{token}', 422: messages.cardInvalid },
  },
];

/**
 * The embedded card tokeniser. It checks the card like a real vault would and keeps only a token,
 * the brand, the last four digits and the outcome the card will have at billing: never the number
 * or the CVV, and it logs neither (bodies are not logged).
 */
export function vaultRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/test-vault/tokens', async (request, reply) => {
    const parsed = tokenBody.safeParse(request.body);
    const digits = parsed.success ? parsed.data.number.replace(/[\s-]/g, '') : '';
    if (
      !parsed.success ||
      !/^\d{12,19}$/.test(digits) ||
      !luhnValid(digits) ||
      !/^\d{3,4}$/.test(parsed.data.cvv) ||
      expired(parsed.data.expiry_month, parsed.data.expiry_year, ctx.now())
    ) {
      throw new HttpError(422, 'card_invalid', messages.cardInvalid);
    }
    const token = `tok_test_${randomBytes(16).toString('hex')}`;
    const year =
      parsed.data.expiry_year < 100 ? 2000 + parsed.data.expiry_year : parsed.data.expiry_year;
    await saveToken(ctx.database.db, {
      token,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expiry_month: parsed.data.expiry_month,
      expiry_year: year,
      outcome: digits === INSUFFICIENT_FUNDS_CARD ? 'insufficient_funds' : 'approve',
      created_at: ctx.now(),
    });
    return reply.status(201).send({ token });
  });
}
