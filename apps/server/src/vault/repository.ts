import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';

export type CardToken = Selectable<Schema['card_tokens']>;

export async function saveToken(db: Kysely<Schema>, token: CardToken): Promise<void> {
  await db.insertInto('card_tokens').values(token).execute();
}

export async function findToken(db: Kysely<Schema>, token: string): Promise<CardToken | undefined> {
  return db.selectFrom('card_tokens').selectAll().where('token', '=', token).executeTakeFirst();
}
