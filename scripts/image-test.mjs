// `npm run image:test`: tries the image `npm run image` built (docs/deploy.md, "Container image").
// It is not part of `npm test`: it takes minutes and needs root, buildah and a PostgreSQL. In a
// container of the image (buildah, chroot isolation, the host's network) it runs the catalogue
// command, then the image's own CMD on a fresh PostgreSQL database; it waits for /readyz, fetches
// the wizard's page and one of its scripts, runs the image's HEALTHCHECK command, checks the
// server runs as the image's non-root user, sends it SIGTERM and expects a clean exit; then it
// removes the container and drops the database.
//
// Settings: IMAGE (localhost/fibre-signup:latest), TEST_DATABASE_URL (an existing database on the
// server to use, postgres://postgres@127.0.0.1:5432/test), READY_SECONDS (120).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const image = process.env.IMAGE ?? 'localhost/fibre-signup:latest';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const readySeconds = Number(process.env.READY_SECONDS ?? 120);
const started = Date.now();

const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  }).trim();
const buildah = (...args) => run('buildah', args);
const psql = (sql) => run('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql]);

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  if (!ok) throw new Error(`${name}${detail ? `: ${detail}` : ''}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The host's pid of the container's server: the process running the image's CMD. */
function serverPid(parent) {
  const children = run('ps', ['-eo', 'pid=,ppid=,args='])
    .split('\n')
    .map((line) => {
      const [pid, ppid, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), args: args.join(' ') };
    });
  const below = new Set([parent]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of children) {
      if (below.has(p.ppid) && !below.has(p.pid)) {
        below.add(p.pid);
        grew = true;
      }
    }
  }
  return children.find((p) => below.has(p.pid) && /^(\S*\/)?node .*start-prod\.mjs/.test(p.args))
    ?.pid;
}

const uidOf = (pid) =>
  Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** Ends what is left of a process group, and waits until it is gone. */
async function killGroup(pgid) {
  const alive = () => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-pgid, 'SIGKILL');
  for (let i = 0; i < 50 && alive(); i++) await sleep(100);
}

const database = `fibre_image_${process.pid}_${Date.now().toString(36)}`;
let container;
let server;
let output = '';
try {
  const config = JSON.parse(buildah('inspect', '--type', 'image', image)).Docker.config;
  const { Cmd: cmd, User: user, Healthcheck: healthcheck, ExposedPorts: exposed } = config;
  check('the image runs Node itself', cmd?.[0] === 'node', JSON.stringify(cmd));
  check('the image names a non-root user', !!user && user !== 'root' && user !== '0', user);
  check('the image has a healthcheck on /readyz', /readyz/.test(JSON.stringify(healthcheck)));
  check('the image exposes its port', Object.keys(exposed ?? {}).length > 0);

  psql(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;

  container = buildah('from', '--pull=never', image);
  // The commands of docs/deploy.md section 7 run in the image too.
  const cli = ['node', 'apps/server/dist/catalogue/cli.js', 'check', 'catalogue/demo.yaml'];
  const checked = spawnSync('buildah', ['run', '--isolation', 'chroot', container, '--', ...cli], {
    encoding: 'utf8',
  });
  check(
    'the catalogue command checks the demo catalogue in the image',
    checked.status === 0,
    `exit ${checked.status}: ${(checked.stdout + checked.stderr).trim().split('\n')[0]}`,
  );
  // A production start on the embedded demo parts but PostgreSQL (docs/deploy.md, "Production
  // mode"): the settings only this throwaway container gets.
  const env = {
    NODE_ENV: 'production',
    ALLOW_DEMO: '1',
    DATABASE_URL: url.href,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'info',
  };
  buildah('config', ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]), container);

  // A process group of its own, so that a failed run ends the server too, not buildah alone.
  server = spawn('buildah', ['run', '--isolation', 'chroot', container, '--', ...cmd], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise((resolve) =>
    server.on('exit', (code, signal) => resolve({ code, signal })),
  );
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));

  let ready = false;
  const deadline = Date.now() + readySeconds * 1000;
  while (!ready && Date.now() < deadline && server.exitCode === null) {
    ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await sleep(500);
  }
  check(`/readyz answers 200 (after ${Math.round((Date.now() - started) / 1000)} s)`, ready);

  const page = await fetch(`${origin}/`);
  const html = await page.text();
  check('/ serves the wizard', page.ok && /<div id="root">/.test(html), `${page.status}`);
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  const asset = script ? await fetch(new URL(script, origin)) : undefined;
  check(
    "the wizard's script is served",
    !!asset?.ok && /javascript/.test(asset.headers.get('content-type') ?? ''),
    `${script} ${asset?.status}`,
  );
  const plans = await fetch(`${origin}/api/v1/public/routers`);
  check('the API answers from PostgreSQL', plans.ok, `${plans.status}`);

  const probe = spawn('buildah', [
    'run',
    '--isolation',
    'chroot',
    container,
    '--',
    ...healthcheck.Test.slice(1),
  ]);
  const probeCode = await new Promise((resolve) => probe.on('exit', resolve));
  check('the HEALTHCHECK command passes', probeCode === 0, `exit ${probeCode}`);

  const pid = serverPid(server.pid);
  check('the server process is found', pid !== undefined);
  const uid = uidOf(pid);
  check('the server runs as a non-root user', uid !== 0 && Number.isInteger(uid), `uid ${uid}`);

  process.kill(pid, 'SIGTERM');
  const stop = Date.now();
  const end = await Promise.race([exited, sleep(15_000).then(() => 'timeout')]);
  check(
    `SIGTERM stops it cleanly (in ${Date.now() - stop} ms)`,
    end !== 'timeout' && end.code === 0 && /shutting down/.test(output),
    JSON.stringify(end),
  );
  console.log(`image:test passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  console.error(`image:test failed: ${error.message}`);
  if (output) console.error(`--- the container's output ---\n${output}`);
  process.exitCode = 1;
} finally {
  if (server) await killGroup(server.pid);
  if (container) {
    try {
      buildah('rm', container);
    } catch (error) {
      console.error(`buildah rm ${container}: ${error.message}`);
    }
  }
  try {
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch (error) {
    console.error(`DROP DATABASE ${database}: ${error.message}`);
    process.exitCode = 1;
  }
}
