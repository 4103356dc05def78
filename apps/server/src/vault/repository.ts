import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';

export type CardToken = Selectable<Schema['card_tokens']>;

export async function saveToken(db: Kysely<Schema>, token: CardToken): Promise<void> {
  await db.insertInto('card_tokens').values(token).execute();
}

export async function findToken(db: Kysely<Schema>, token: string): Promise<CardToken | undefined> {
  return db.selectFrom('card_tokens').selectAll().where('token', '=', token).executeTakeFirst();
}

export type BankAccountToken = Selectable<Schema['bank_account_tokens']>;

export async function saveBankAccountToken(
  db: Kysely<Schema>,
  token: BankAccountToken,
): Promise<void> {
  await db.insertInto('bank_account_tokens').values(token).execute();
}

/** A bank account's token (direct debit), or undefined when the token is not one. */
export async function findBankAccountToken(
  db: Kysely<Schema>,
  token: string,
): Promise<BankAccountToken | undefined> {
  return db
    .selectFrom('bank_account_tokens')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
}
