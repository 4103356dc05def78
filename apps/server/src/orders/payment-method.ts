import type { InstallBodyFacts } from '@fibre/domain/install';
import { directDebitMessages } from '@fibre/domain/shared';
import { isCardScheme, type CardScheme } from '@fibre/domain/pricing';
import type { Transaction } from 'kysely';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import type { Schema } from '../db/schema.ts';
import { Refusal } from '../http/errors.ts';
import { findBankAccountToken, findToken } from '../vault/index.ts';

/**
 * Whether the order pays by direct debit, as the server finds it from the token, never from the
 * browser's word (docs/rules/documents-and-consent.md#direct-debit): a bank account's token needs
 * the catalogue's Direct Debit Request and its box ticked, else 422.
 */
export async function paysByDirectDebit(
  trx: Transaction<Schema>,
  served: CatalogueSnapshot,
  facts: Pick<InstallBodyFacts, 'cardToken' | 'directDebitAgreed' | 'bankAccount'>,
): Promise<boolean> {
  // The bank account itself (Chargebee's direct debit), or the test vault's token for one.
  if (!facts.bankAccount && !(await findBankAccountToken(trx, facts.cardToken))) return false;
  if (!served.documents.directDebit) {
    throw new Refusal(
      'unprocessable',
      'direct_debit_not_offered',
      directDebitMessages.directDebitNotOffered,
      {
        'charge_bee.tmp_token': directDebitMessages.directDebitNotOffered,
      },
    );
  }
  if (!facts.directDebitAgreed) {
    throw new Refusal(
      'unprocessable',
      'direct_debit_not_agreed',
      directDebitMessages.directDebitRequired,
      {
        'charge_bee.direct_debit_agreed': directDebitMessages.directDebitRequired,
      },
    );
  }
  return true;
}

/**
 * The card's scheme as the server finds it (docs/decisions/009-install-facts.md): none for direct
 * debit; the test-mode vault's token records its card's brand. A token the vault does not hold is
 * Chargebee's: its card is known only when billing reports it, so the order is priced with the
 * scheme the body states (none: no fee) and billing checks the card against it (checkCard).
 */
export async function cardSchemeFor(
  trx: Transaction<Schema>,
  facts: Pick<InstallBodyFacts, 'cardToken' | 'statedCardScheme' | 'bankAccount'>,
  directDebit: boolean,
): Promise<{ scheme: CardScheme | null; known: boolean }> {
  if (directDebit || facts.bankAccount) return { scheme: null, known: true };
  const card = facts.cardToken ? await findToken(trx, facts.cardToken) : undefined;
  if (card) return { scheme: isCardScheme(card.brand) ? card.brand : 'other', known: true };
  return { scheme: facts.statedCardScheme, known: false };
}
