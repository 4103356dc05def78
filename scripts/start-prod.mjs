// `npm run start:prod`: the compiled server (apps/server/dist) on plain Node, with production
// dependencies only. It builds nothing: without a build it stops with one line. It runs in
// apps/server, as `npm start` does, so relative settings (DATA_DIR=./data) mean the same there.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server/dist/server.js');
const missing = [server, join(root, 'apps/web/dist/index.html')].filter((f) => !existsSync(f));
if (missing.length > 0) {
  const names = missing.map((f) => relative(root, f)).join(' and ');
  console.error(`No build (${names} missing): run npm run build first.`);
  process.exit(1);
}
process.chdir(join(root, 'apps/server'));
// Tracing, when an OTEL_ variable asks for it, starts before the server's modules load, so that
// they are patched as they load (docs/decisions/029-tracing.md); otherwise nothing is loaded.
if (Object.keys(process.env).some((name) => name.startsWith('OTEL_') && process.env[name])) {
  await import(pathToFileURL(join(root, 'apps/server/dist/tracing/preload.js')).href);
}
await import(pathToFileURL(server).href);
