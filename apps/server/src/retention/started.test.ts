import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../app/open-database.ts';
import { sample } from '../test-support/metrics.ts';
import { freePort, startServerProcess } from '../test-support/process.ts';

// The server starts the retention sweep (docs/rules/retention.md): it runs once at start.

describe('the server', () => {
  it('sweeps at start: a lead past RETAIN_LEADS_MONTHS is gone, and counted', async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'retention-')), ADDRESS_INDEX_SIZE: '500' };
    const database = await openDatabase(loadConfig(env), 'the retention test');
    const at = (months: number) => new Date(Date.now() - months * 31 * 24 * 60 * 60_000);
    const lead = (id: string, created: Date) => ({
      id,
      first_name: 'Lee',
      last_name: 'Dee',
      email: 'lee@example.com',
      phone: null,
      formatted_address: '1 Test St',
      message: null,
      created_at: created,
    });
    await database.db
      .insertInto('leads')
      .values([lead('old', at(3)), lead('new', at(1))])
      .execute();
    await database.close();

    const metricsPort = await freePort();
    const server = await startServerProcess({
      ...env,
      METRICS_PORT: String(metricsPort),
      RETAIN_LEADS_MONTHS: '2',
    });
    try {
      let removed: number | undefined;
      for (let i = 0; i < 100 && removed === undefined; i++) {
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        removed = sample(text, 'fibre_retention_removed_total', { kind: 'leads' });
        if (removed === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      expect(removed).toBe(1);
    } finally {
      await server.stop();
    }
    const after = await openDatabase(loadConfig(env), 'the retention test');
    try {
      const left = await after.db.selectFrom('leads').select('id').execute();
      expect(left.map((row) => row.id)).toEqual(['new']);
    } finally {
      await after.close();
    }
    // Two databases opened and a server started: more than the default minute under load.
  }, 120_000);
});
