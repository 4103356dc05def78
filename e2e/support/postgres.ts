import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh PostgreSQL database of a spec's own on the machine's cluster (TEST_DATABASE_URL, as CI
 * sets it; the project machine's cluster otherwise), dropped by `drop()`.
 */
export interface ScratchDatabase {
  url: string;
  query<Row extends object>(sql: string, params?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

const clusterUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  return {
    url: url.href,
    async query<Row extends object>(sql: string, params: unknown[] = []) {
      return (await pool.query<Row>(sql, params)).rows;
    },
    async drop() {
      await pool.end();
      const again = new pg.Client({ connectionString: clusterUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
