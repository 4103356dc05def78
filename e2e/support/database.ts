import { PGlite } from '@electric-sql/pglite';
import type { RunningServer } from './server.ts';

/**
 * Reads a spec's own server's embedded database. PGlite is one process's database, so the
 * server is halted first (for good: the spec's last step); its data directory stays until the
 * fixture removes it.
 */
export async function queryHaltedServer<Row>(
  server: RunningServer,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  await server.halt();
  const db = await PGlite.create({ dataDir: server.dataDir });
  try {
    return (await db.query<Row>(sql, params)).rows;
  } finally {
    await db.close();
  }
}
