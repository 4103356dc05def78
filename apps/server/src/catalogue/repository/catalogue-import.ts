import { sql, type Transaction } from 'kysely';
import type { ProviderCatalogue } from '@fibre/domain/catalogue';
import type { Schema } from '../../db/schema.ts';
import {
  buildingRow,
  campaignRow,
  closureRows,
  couponRow,
  crewRows,
  planRow,
  routerRow,
} from '../rows.ts';

/**
 * Writes a catalogue's rows inside the import's transaction (catalogue/import.ts): upserts what
 * the file has and retires what it dropped. Nothing is deleted, as orders reference the rows
 * (docs/decisions/011-catalogue-as-data.md); closures alone are replaced whole.
 */

type Trx = Transaction<Schema>;

/** The ids each kind of row lost at this import. */
export interface Retired {
  plans: string[];
  routers: string[];
  coupons: string[];
  campaigns: string[];
  buildings: string[];
  crews: string[];
}

/** ON CONFLICT ... DO UPDATE SET every column to the proposed row's value. */
function fromExcluded(row: object, key: string) {
  return Object.fromEntries(
    Object.keys(row)
      .filter((c) => c !== key)
      .map((c) => [c, sql.ref(`excluded.${c}`)]),
  );
}

export async function writeCatalogueRows(
  trx: Trx,
  catalogue: ProviderCatalogue,
  now: Date,
): Promise<Retired> {
  const written = await upsertRows(trx, catalogue);
  await trx.deleteFrom('closures').execute();
  const closures = closureRows(catalogue);
  if (closures.length > 0) await trx.insertInto('closures').values(closures).execute();

  return retireDropped(trx, written, now);
}

/** Every row the file has, inserted or updated, by kind. */
async function upsertRows(trx: Trx, catalogue: ProviderCatalogue) {
  const rsp = catalogue.provider.code;

  const coupons = catalogue.coupons.map((c) => couponRow(c, rsp));
  if (coupons.length > 0) {
    await trx
      .insertInto('coupons')
      .values(coupons)
      .onConflict((oc) =>
        oc.column('coupon_id').doUpdateSet(fromExcluded(coupons[0]!, 'coupon_id')),
      )
      .execute();
  }
  const campaigns = catalogue.campaigns.map((c) => campaignRow(c, rsp));
  if (campaigns.length > 0) {
    await trx
      .insertInto('campaigns')
      .values(campaigns)
      .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(campaigns[0]!, 'id')))
      .execute();
  }
  // Masters first, so a slave's master exists when the slave's reference is checked.
  const buildings = catalogue.buildings
    .map(buildingRow)
    .sort((a, b) => Number(a.is_slave) - Number(b.is_slave));
  if (buildings.length > 0) {
    await trx
      .insertInto('buildings')
      .values(buildings)
      .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(buildings[0]!, 'id')))
      .execute();
  }
  const plans = catalogue.plans.map((p) => planRow(p, rsp));
  await trx
    .insertInto('plans')
    .values(plans)
    .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(plans[0]!, 'id')))
    .execute();
  const routers = catalogue.routers.map((r) => routerRow(r, rsp));
  await trx
    .insertInto('routers')
    .values(routers)
    .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(routers[0]!, 'id')))
    .execute();
  const crews = crewRows(catalogue);
  if (crews.length > 0) {
    await trx
      .insertInto('crews')
      .values(crews)
      .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(crews[0]!, 'id')))
      .execute();
  }
  return { coupons, campaigns, buildings, plans, routers, crews };
}

/** The rows of each kind the file no longer has, retired (crews deactivated): their ids. */
async function retireDropped(
  trx: Trx,
  { plans, routers, coupons, campaigns, buildings, crews }: Awaited<ReturnType<typeof upsertRows>>,
  now: Date,
): Promise<Retired> {
  return {
    plans: await retire(
      trx,
      'plans',
      'id',
      plans.map((p) => p.id),
      now,
    ),
    routers: await retire(
      trx,
      'routers',
      'id',
      routers.map((r) => r.id),
      now,
    ),
    coupons: await retire(
      trx,
      'coupons',
      'coupon_id',
      coupons.map((c) => c.coupon_id),
      now,
    ),
    campaigns: await retire(
      trx,
      'campaigns',
      'id',
      campaigns.map((c) => c.id),
      now,
    ),
    buildings: await retire(
      trx,
      'buildings',
      'code',
      buildings.map((b) => b.code),
      now,
    ),
    crews: await deactivateCrews(
      trx,
      crews.map((c) => c.id),
    ),
  };
}

type Retirable = 'plans' | 'routers' | 'coupons' | 'campaigns' | 'buildings';

async function retire(
  trx: Trx,
  table: Retirable,
  key: string,
  kept: string[],
  now: Date,
): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    UPDATE ${sql.table(table)} SET retired_at = ${now}
    WHERE retired_at IS NULL AND NOT (${sql.ref(key)} = ANY(${kept}::text[]))
    RETURNING ${sql.ref(key)} AS key`.execute(trx);
  return rows.map((r) => r.key).sort();
}

/** Crews beyond a state's capacity, or of a state the file no longer staffs, stop working. */
async function deactivateCrews(trx: Trx, kept: string[]): Promise<string[]> {
  const rows = await trx
    .updateTable('crews')
    .set({ active: false })
    .where('active', '=', true)
    .where(sql<boolean>`NOT (id = ANY(${kept}::text[]))`)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort();
}
