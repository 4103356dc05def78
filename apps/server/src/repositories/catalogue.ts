import type { Plan, Router } from '@fibre/domain';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

// Costs are stored in cents and travel as strings of dollars, as SPEC.md's entities say.
const dollars = (cents: number) => (cents / 100).toFixed(2);

export async function listPlans(db: Kysely<Schema>, rsp: string): Promise<Plan[]> {
  const rows = await db
    .selectFrom('plans')
    .selectAll()
    .where('rsp', '=', rsp)
    .orderBy('speed')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    speed: r.speed,
    cost: dollars(r.cost_cents),
    description1: r.description1,
    rsp: r.rsp,
    addressLIT: r.address_lit,
    addressNonLIT: r.address_non_lit,
    busyHourSpeed: r.speed,
    cisUrl: '',
  }));
}

export async function listRouters(db: Kysely<Schema>, rsp: string): Promise<Router[]> {
  const rows = await db
    .selectFrom('routers')
    .selectAll()
    .where('rsp', '=', rsp)
    .orderBy('cost_cents')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    cost: r.cost_cents === 0 ? '0' : dollars(r.cost_cents),
    description1: r.description1,
    description2: r.description2,
    rsp: r.rsp,
  }));
}

export async function findBuildingCode(
  db: Kysely<Schema>,
  code: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('buildings')
    .select('code')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.code;
}
