import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * The soak's processes and services (bench/README.md, "Soak"): the compiled server started as
 * production starts it (README, "Production build": node on scripts/start-prod.mjs, from the
 * repository's root), killed with SIGKILL and started again on the same ports; the local
 * PostgreSQL restarted; the local Redis stopped and started. Whatever happens, `ensureServices`
 * leaves PostgreSQL and Redis running: other work on the machine uses them.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const tmp = `${root}bench/.tmp/`;

/** `npm run build`'s server half always (esbuild, seconds); the wizard only when there is none. */
export function buildIfNeeded(): void {
  const run = (workspace: string) =>
    execSync(`npm run build -w ${workspace}`, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  run('apps/server');
  if (!existsSync(`${root}apps/web/dist/index.html`)) run('apps/web');
}

export interface Instance {
  name: string;
  base: string;
  metrics: string;
  /** When the running process started (ms since the epoch). */
  startedAt: number;
  /** How many times it was started (1, then 2 after a kill). */
  starts: number;
  /** SIGKILL, as a crash or a pulled plug: no shutdown at all. */
  kill(): Promise<void>;
  /** Starts it again on the same ports. */
  restart(): Promise<void>;
  /** SIGTERM, the graceful shutdown. */
  stop(): Promise<void>;
}

export async function startInstance(
  name: string,
  ports: { http: number; metrics: number },
  env: Record<string, string>,
): Promise<Instance> {
  mkdirSync(tmp, { recursive: true });
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const base = `http://127.0.0.1:${ports.http}`;
  const instance: Instance = {
    name,
    base,
    metrics: `http://127.0.0.1:${ports.metrics}/metrics`,
    startedAt: 0,
    starts: 0,
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async restart() {
      // The server's warnings and errors, appended across its starts, for the report's causes.
      const log = openSync(`${tmp}soak-${name}.log`, 'a');
      const started = spawn(process.execPath, ['--enable-source-maps', 'scripts/start-prod.mjs'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(ports.http),
          METRICS_PORT: String(ports.metrics),
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: ['ignore', log, log],
      });
      child = started;
      exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`${name} exited with ${started.exitCode}`);
        try {
          if ((await fetch(`${base}/healthz`)).ok) break;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`${name} did not become healthy`);
        await new Promise((r) => setTimeout(r, 200));
      }
      instance.startedAt = Date.now();
      instance.starts += 1;
    },
  };
  await instance.restart();
  return instance;
}

const sh = (command: string) =>
  execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const quietly = (command: string) => {
  try {
    return sh(command);
  } catch {
    return '';
  }
};

const cluster = () => `$(ls /etc/postgresql) main`;
const redisStart =
  'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log';

export function restartPostgres(): void {
  sh(`pg_ctlcluster --skip-systemctl-redirect ${cluster()} restart`);
}

export function stopRedis(): void {
  quietly('redis-cli -h 127.0.0.1 shutdown nosave');
}

export function startRedis(): void {
  if (quietly('redis-cli -h 127.0.0.1 ping') === 'PONG') return;
  sh(redisStart);
  for (let i = 0; i < 50 && quietly('redis-cli -h 127.0.0.1 ping') !== 'PONG'; i++) {
    execSync('sleep 0.1');
  }
}

/** PostgreSQL and Redis running, whatever the soak did to them (its finally calls this). */
export function ensureServices(): string[] {
  const done: string[] = [];
  if (quietly('pg_isready -h 127.0.0.1 -p 5432 -q && echo up') !== 'up') {
    quietly(`pg_ctlcluster --skip-systemctl-redirect ${cluster()} start`);
    done.push('started PostgreSQL');
  }
  if (quietly('redis-cli -h 127.0.0.1 ping') !== 'PONG') {
    startRedis();
    done.push('started Redis');
  }
  return done;
}
