import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

/** The readiness probe's question (README: `GET /readyz`): does the database answer at all? */
export async function pingDatabase(db: Kysely<Schema>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
