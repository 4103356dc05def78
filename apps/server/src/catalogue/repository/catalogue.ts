import type { Plan, Router } from '@fibre/domain/api';
import type { Kysely } from 'kysely';
import { planFromRow, routerFromRow } from '../rows.ts';
import type { Schema } from '../../db/schema.ts';

/*
 * The served catalogue's plans and routers come from its snapshot (catalogue/cache.ts). These
 * read the stored rows, retired ones too: what an order placed earlier was sold. Each row becomes
 * a Plan or a Router through the one row mapping (catalogue/rows.ts).
 */

export async function findPlan(db: Kysely<Schema>, id: string): Promise<Plan | undefined> {
  const r = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  return r && planFromRow(r);
}

export async function findRouter(db: Kysely<Schema>, id: string): Promise<Router | undefined> {
  const r = await db.selectFrom('routers').selectAll().where('id', '=', id).executeTakeFirst();
  return r && routerFromRow(r);
}
