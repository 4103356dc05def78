import { loadConfig, loadLocalities, prepare, streetNames } from '@fibre/server/testing';
import { percentile } from './support/load.ts';
import { generatedAddress, seedNationalAddresses } from './support/national-addresses.ts';
import type { Options } from './support/options.ts';
import { withClient } from './support/postgres.ts';
import { slowest, typedPrefixes } from './support/prefixes.ts';
import { Random } from './support/random.ts';
import { megabytes, ms, seconds, section, type Section } from './support/report.ts';
import { startServer } from './support/servers.ts';
import { freshStore } from './support/stores.ts';

const WARM_UP = 50;
const BUDGET_P95 = 20;

/**
 * The address index at national scale (`npm run bench -- --addresses 16M`, never in CI nor the
 * default run): a fresh PostgreSQL database migrated and prepared as a first start does, then
 * `--addresses` generated street addresses written with COPY, every index the migrations made
 * built again once, and typed prefixes timed through the production server one at a time, as the
 * autocomplete bench does at 1,000,000.
 */
export async function nationalBenchmark(options: Options): Promise<Section> {
  const size = options.nationalSize;
  if (size === undefined) throw new Error('the national bench needs --addresses SIZE, e.g. 16M');
  const count = size.toLocaleString('en-AU');
  const s = section(`Addresses at national scale: ${count} generated addresses, PostgreSQL`, [
    'addresses',
    'seed (generate + COPY)',
    'index build',
    'VACUUM ANALYZE',
    'table',
    'indexes',
    'database',
    'p50',
    'p95',
    'p99',
    'max',
    'with predictions',
    'timed out (503)',
  ]);
  const store = await freshStore('postgres', 'national');
  const url = store.env.DATABASE_URL!;
  try {
    // Migrations, the catalogue of record and the buildings' addresses, as a first start does
    // (open-database.ts, prepare), with no generated addresses: those come next, by COPY.
    const database = await store.open();
    await prepare(database, loadConfig({ ADDRESS_INDEX_SIZE: '0' }));
    await database.close();

    const localities = await loadLocalities();
    const seed = await seedNationalAddresses(url, size, localities, streetNames);
    const sizes = await withClient(url, async (c) => {
      const { rows } = await c.query<{ table: string; indexes: string; db: string }>(
        `SELECT pg_table_size('addresses') AS table, pg_indexes_size('addresses') AS indexes,
                pg_database_size(current_database()) AS db`,
      );
      return rows[0]!;
    });

    // The same draw as the autocomplete bench's seedStore: seeded, the same addresses every run.
    const random = new Random(20260101);
    const sample = Array.from({ length: options.prefixes + WARM_UP }, () =>
      generatedAddress(random.int(1, size), localities, streetNames),
    );
    const prefixes = typedPrefixes(sample);
    // The server finds the index ready: ADDRESS_INDEX_SIZE=0 generates nothing on start. Every
    // search runs: no answer is kept (docs/decisions/022-kept-answers.md).
    const server = await startServer('real', {
      DATABASE_URL: url,
      ADDRESS_INDEX_SIZE: '0',
      AUTOCOMPLETE_KEPT: '0',
    });
    try {
      const ask = async (q: string) => {
        const res = await fetch(
          `${server.base}/api/v1/public/addresses?q=${encodeURIComponent(q)}`,
        );
        // Past AUTOCOMPLETE_TIMEOUT_MS the answer is 503 search_timeout: counted, and timed as
        // the wait the visitor had.
        if (res.status === 503) {
          await res.arrayBuffer();
          return -1;
        }
        const body = (await res.json()) as { predictions: unknown[] };
        if (res.status !== 200) throw new Error(`autocomplete answered ${res.status} for ${q}`);
        return body.predictions.length;
      };
      for (const q of prefixes.slice(0, WARM_UP)) await ask(q);
      const timed: Array<{ q: string; ms: number }> = [];
      let answered = 0;
      let timedOut = 0;
      for (const q of prefixes.slice(WARM_UP)) {
        const started = performance.now();
        const found = await ask(q);
        if (found > 0) answered += 1;
        if (found < 0) timedOut += 1;
        timed.push({ q, ms: performance.now() - started });
      }
      const latencies = timed.map((t) => t.ms).sort((a, b) => a - b);
      const p95 = percentile(latencies, 95);
      const indexTotal = seed.indexMs.reduce((sum, i) => sum + i.ms, 0);
      s.rows.push([
        count,
        seconds(seed.copyMs),
        seconds(indexTotal),
        seconds(seed.analyzeMs),
        megabytes(Number(sizes.table)),
        megabytes(Number(sizes.indexes)),
        megabytes(Number(sizes.db)),
        ms(percentile(latencies, 50)),
        ms(p95),
        ms(percentile(latencies, 99)),
        ms(latencies.at(-1)!),
        `${Math.round((100 * answered) / latencies.length)}%`,
        String(timedOut),
      ]);
      s.budgets.push({
        name: `Autocomplete p95 at ${count} addresses (national), PostgreSQL`,
        target: `<= ${BUDGET_P95} ms`,
        measured: ms(p95),
        met: p95 <= BUDGET_P95,
        gap:
          p95 <= BUDGET_P95 ? `${ms(BUDGET_P95 - p95)} to spare` : `${ms(p95 - BUDGET_P95)} over`,
        whenMissed: `the slowest prefixes were ${slowest(timed)}, and ${timedOut} of ${timed.length} ran past the statement timeout (503). An address typed in order is one range of an ordered index, stopped at 300 rows (docs/decisions/021-autocomplete-bounds.md, "Typed in order"); a search the range does not answer falls back to the trigram index, which at this scale finds every row holding the rarest typed word before any row is checked (a generated street name is in some 200,000 addresses; bench/README.md, "What profiling found"). Next step: an index of each street's localities (street and place pairs), searched when the range does not answer, so that the street and the place narrow each other before any house is read.`,
      });
      s.notes.push(
        `Rows: ${count} generated street addresses over ${localities.length.toLocaleString('en-AU')} real localities and ${streetNames.length} street names (bench/src/support/national-addresses.ts; up to the first start's own limit they are its rows), plus the buildings' addresses; written at ${Math.round(size / (seed.copyMs / 1000)).toLocaleString('en-AU')} rows/s by COPY with the table's indexes dropped, its search keys addressSearchKey's.`,
        `Index build: every index and key the migrations gave the table, found in the catalog and built again once, maintenance_work_mem 1GB: ${seed.indexMs.map((i) => `${i.name} ${seconds(i.ms)}`).join(', ')}. Table is pg_table_size (heap and TOAST), indexes pg_indexes_size.`,
        `${options.prefixes.toLocaleString('en-AU')} typed prefixes (after ${WARM_UP} for warm-up) of addresses drawn from the index, one request at a time through the production server, timed at the client, with no answer kept, as in "Autocomplete at scale" (bench/src/support/prefixes.ts).`,
        'Generated streets repeat across localities far more than real ones (some 280 names in every suburb), so a street-name prefix matches more rows here than in G-NAF: a harder test than the real index.',
      );
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
  return s;
}
