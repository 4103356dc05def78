#!/usr/bin/env node
// `node scripts/smoke-compiled.mjs`: the compiled server (npm run build) starts on the Node that
// runs this, on an embedded database of its own, answers its probes, the wizard's page and a plans
// call, and stops cleanly on SIGTERM. CI's Node 22 pass runs it (.ci/run); the browser suite's
// compiled-server spec checks the same build more closely on Node 24.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server');
if (!existsSync(join(serverDir, 'dist', 'server.js'))) {
  console.error('smoke: no apps/server/dist/server.js: run npm run build first');
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'fibre-smoke-'));
const base = `http://127.0.0.1:${port}`;
const { NODE_OPTIONS: _loaders, ...env } = process.env;
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
  cwd: serverDir,
  env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) =>
  child.once('exit', (code, signal) => resolve({ code, signal })),
);

async function check() {
  // Ready within a minute (its first start migrates a new database and loads the demo data).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('not ready within 60 s');
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const health = await fetch(`${base}/healthz`);
  if (!health.ok) throw new Error(`/healthz answered ${health.status}`);
  const page = await (await fetch(`${base}/`)).text();
  if (!page.includes('<div id="root">')) throw new Error('/ is not the wizard page');
  const plans = await fetch(`${base}/api/v1/public/plans?building-code=G1A2B3`);
  const names = plans.ok ? (await plans.json()).map((p) => p.name) : [];
  if (!names.includes('Boost 100')) throw new Error(`plans answered ${plans.status}: ${names}`);
}

let failure = null;
try {
  await check();
} catch (error) {
  failure = error;
}
child.kill('SIGTERM');
const { code, signal } = await exited;
rmSync(dataDir, { recursive: true, force: true });
if (!failure && code !== 0) failure = new Error(`stopped with ${code ?? signal}, not 0`);
if (failure) {
  console.error(`smoke: the compiled server on Node ${process.versions.node}: ${failure.message}`);
  process.exit(1);
}
console.log(
  `smoke: the compiled server on Node ${process.versions.node} started, answered and stopped`,
);
