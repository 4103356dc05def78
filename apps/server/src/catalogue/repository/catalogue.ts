import type { Plan, Router } from '@fibre/domain';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/*
 * The served catalogue's plans and routers come from its snapshot (catalogue/cache.ts). These
 * read the stored rows, retired ones too: what an order placed earlier was sold.
 */

// Costs are stored in cents and travel as strings of dollars (docs/rules/plans-and-pricing.md).
const dollars = (cents: number) => (cents / 100).toFixed(2);

export async function findPlan(db: Kysely<Schema>, id: string): Promise<Plan | undefined> {
  const r = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      id: r.id,
      name: r.name,
      speed: r.speed,
      cost: dollars(r.cost_cents),
      description1: r.description1,
      rsp: r.rsp,
      addressLIT: r.address_lit,
      addressNonLIT: r.address_non_lit,
      busyHourSpeed: r.busy_hour_speed,
      cisUrl: r.cis_url,
    }
  );
}

export async function findRouter(db: Kysely<Schema>, id: string): Promise<Router | undefined> {
  const r = await db.selectFrom('routers').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      id: r.id,
      name: r.name,
      cost: r.cost_cents === 0 ? '0' : dollars(r.cost_cents),
      description1: r.description1,
      description2: r.description2,
      rsp: r.rsp,
    }
  );
}
