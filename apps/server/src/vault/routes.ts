import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  bankAccountTokenBody,
  cardTokenAnswer,
  cardTokenBody,
  directDebitOfferAnswer,
  errorAnswer,
} from '@fibre/domain/api';
import { bankAccountProblems, normaliseAccountNumber, normaliseBsb } from '@fibre/domain/contact';
import { directDebitMessages, messages } from '@fibre/domain/shared';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { saveBankAccountToken, saveToken } from './repository.ts';
import { DISHONOURED_BSB } from './bank-accounts.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { INSUFFICIENT_FUNDS_CARD, cardBrand, cardProblems } from './cards.ts';

/**
 * The embedded card tokeniser. It checks the card like a real vault would and keeps only a token,
 * the brand, the last four digits and the outcome the card will have at billing: never the number
 * or the CVV, and it logs neither (bodies are not logged).
 */
export function vaultRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [
    defineRoute({
      method: 'POST',
      url: '/api/v1/test-vault/tokens',
      operationId: 'createTestCardToken',
      summary:
        'Test-mode card vault: checks a test card and returns a token (only without Chargebee)',
      tags: ['payments'],
      security: 'public',
      body: cardTokenBody,
      // A card that fails is 422 card_invalid, as a real vault answers, not a 400.
      checkedByHandler: ['body'],
      responses: {
        201: { description: 'The token', schema: cardTokenAnswer },
        422: { description: `card_invalid: ${messages.cardInvalid}`, schema: errorAnswer },
      },
      handler: async (request, reply) => {
        const parsed = cardTokenBody.safeParse(request.body);
        const body = (typeof request.body === 'object' && request.body) || {};
        const problems = cardProblems(body as Record<string, unknown>, ctx.now());
        if (!parsed.success || Object.keys(problems).length > 0) {
          // Which fields are wrong, each with its message, so the wizard marks only those
          // (docs/rules/contact-and-connection.md#payment-step-6).
          throw new HttpError(
            422,
            'card_invalid',
            messages.cardInvalid,
            Object.keys(problems).length > 0 ? problems : undefined,
          );
        }
        const digits = parsed.data.number.replace(/[\s-]/g, '');
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
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/test-vault/bank-accounts',
      operationId: 'createTestBankAccountToken',
      summary:
        'Test-mode direct debit vault: checks a bank account (BSB, number) and returns a token (only without Chargebee)',
      tags: ['payments'],
      security: 'public',
      body: bankAccountTokenBody,
      // An account that fails is 422 bank_account_invalid naming the wrong fields, as the cards'.
      checkedByHandler: ['body'],
      responses: {
        201: { description: 'The token', schema: cardTokenAnswer },
        422: {
          description: `bank_account_invalid: ${directDebitMessages.bankAccountInvalid}`,
          schema: errorAnswer,
        },
      },
      handler: async (request, reply) => {
        const parsed = bankAccountTokenBody.safeParse(request.body);
        const body = (typeof request.body === 'object' && request.body) || {};
        const problems = bankAccountProblems(body as Record<string, unknown>);
        const bsb = parsed.success ? normaliseBsb(parsed.data.bsb) : null;
        const number = parsed.success ? normaliseAccountNumber(parsed.data.account_number) : null;
        if (Object.keys(problems).length > 0 || !bsb || !number) {
          // docs/rules/contact-and-connection.md#direct-debit: the wrong fields, each with its
          // message, so the wizard marks only those.
          throw new HttpError(
            422,
            'bank_account_invalid',
            directDebitMessages.bankAccountInvalid,
            Object.keys(problems).length > 0 ? problems : undefined,
          );
        }
        // Never the whole number, nor the name: the BSB, the last digits, the outcome.
        const token = `tok_test_ba_${randomBytes(16).toString('hex')}`;
        await saveBankAccountToken(ctx.database.db, {
          token,
          bsb,
          last_digits: number.slice(-3),
          outcome: bsb === DISHONOURED_BSB ? 'dishonour' : 'approve',
          created_at: ctx.now(),
        });
        return reply.status(201).send({ token });
      },
    }),
  ]);
}

/**
 * The catalogue's Direct Debit Request for the payment step, with the test-mode vault or with
 * Chargebee, whose direct debit takes the bank account at install
 * (docs/rules/contact-and-connection.md#direct-debit-through-chargebee).
 */
export function directDebitOfferRoute(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [
    defineRoute({
      method: 'GET',
      url: '/api/v1/test-vault/direct-debit',
      operationId: 'getDirectDebitOffer',
      summary:
        "Direct debit (the test-mode vault's, or Chargebee's): the catalogue's Direct Debit Request and service agreement, or null when direct debit is not offered",
      tags: ['payments'],
      security: 'public',
      responses: {
        200: { description: 'The Direct Debit Request, or null', schema: directDebitOfferAnswer },
      },
      handler: async () => {
        // Offered only where the catalogue names the DDR (docs/rules/documents-and-consent.md).
        const ddr = ctx.catalogue.current().documents.directDebit;
        return { document: ddr ? { title: ddr.title, url: ddr.url, version: ddr.version } : null };
      },
    }),
  ]);
}
