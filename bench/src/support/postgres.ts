import pg from 'pg';

/** The PostgreSQL the benchmarks use: BENCH_DATABASE_URL, else the test one, else the local one. */
export const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/**
 * A new, empty database on that server (dropped first if an earlier run left it), so every
 * server instance can be pointed at it with a plain DATABASE_URL.
 */
export async function freshDatabase(name: string): Promise<string> {
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Runs queries on one connection to `url` and closes it. */
export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function postgresVersion(): Promise<string> {
  return withClient(postgresUrl, async (c) => {
    const { rows } = await c.query<{ v: string }>(
      'SELECT current_setting($$server_version$$) AS v',
    );
    return `PostgreSQL ${rows[0]?.v ?? '?'}`;
  });
}

const admin = <T>(work: (c: pg.Client) => Promise<T>) => withClient(postgresUrl, work);
