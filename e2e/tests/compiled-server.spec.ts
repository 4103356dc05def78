import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { request, type APIRequestContext } from '@playwright/test';
import { fetchCatalogue } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  buildServerIfNeeded,
  buildWebIfNeeded,
  repoRoot,
  startServer,
  type RunningServer,
} from '../support/server.ts';

// `npm run start:prod` runs the compiled server on plain Node with production dependencies only
// (docs/decisions/012-compiled-build.md): this spec starts apps/server/dist/server.js as it does.

// One compiled server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

let server: RunningServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  buildWebIfNeeded();
  buildServerIfNeeded();
  server = await startServer({}, { compiled: true });
  api = await request.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** The process's command line and NODE_OPTIONS, as Linux records them. */
function processFacts(pid: number): { argv: string[]; nodeOptions: string } {
  const nul = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
  const env = nul('environ').find((v) => v.startsWith('NODE_OPTIONS='));
  return { argv: nul('cmdline').filter(Boolean), nodeOptions: env ?? '' };
}

test('runs dist/server.js on plain node, with no tsx', () => {
  const { argv, nodeOptions } = processFacts(server.pid);
  expect(argv.slice(1)).toEqual(['--enable-source-maps', 'dist/server.js']);
  expect(argv.join(' ')).not.toContain('tsx');
  expect(nodeOptions).not.toContain('tsx');
});

test('answers /healthz, the wizard page and a plans call', async () => {
  expect((await api.get('/healthz')).ok()).toBe(true);
  expect((await api.get('/readyz')).ok()).toBe(true);
  const page = await api.get('/');
  expect(page.headers()['content-type']).toContain('text/html');
  expect(await page.text()).toContain('<div id="root">');
  const { plans } = await fetchCatalogue(api, 'G1A2B3');
  expect(plans.map((p) => p.name)).toContain('Boost 100');
});

test('finds the demo catalogue file from dist', async () => {
  const paths = (await import(
    pathToFileURL(join(repoRoot, 'apps/server/dist/http/paths.js')).href
  )) as {
    demoCatalogueFile: string;
  };
  expect(paths.demoCatalogueFile).toBe(join(repoRoot, 'catalogue/demo.yaml'));
});
