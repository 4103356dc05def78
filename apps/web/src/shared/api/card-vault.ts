import {
  cardTokenAnswer,
  directDebitOfferAnswer,
  type BankAccountTokenBody,
  type CardTokenBody,
} from '@fibre/domain/api';
import { get, post, type Options } from './client.ts';

/** The test-mode card vault (docs/rules/api.md; only when no Chargebee site is configured). */

export type { CardTokenBody };

export const createTestVaultToken = (body: CardTokenBody, o?: Options) =>
  post('/api/v1/test-vault/tokens', body, cardTokenAnswer, o);

/** The test-mode vault's bank accounts, for direct debit (docs/rules/contact-and-connection.md). */
export const createTestBankAccountToken = (body: BankAccountTokenBody, o?: Options) =>
  post('/api/v1/test-vault/bank-accounts', body, cardTokenAnswer, o);

/** The catalogue's Direct Debit Request, or null: direct debit is not offered. */
export const getDirectDebitOffer = (o?: Options) =>
  get('/api/v1/test-vault/direct-debit', directDebitOfferAnswer, o);
