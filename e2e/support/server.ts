import { execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (e2e's parent). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = join(repoRoot, 'apps/server');

/** What every browser-test server gets unless a spec says otherwise. */
export const defaultServerEnv: Readonly<Record<string, string>> = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // A small generated index keeps the first start quick; the demo buildings are always in it.
  ADDRESS_INDEX_SIZE: '5000',
  // Browser tests type into the autocomplete a lot, from one address.
  RATE_LIMIT_PER_MINUTE: '100000',
  // So do the per-route limits (docs/decisions/010-limits.md): every browser worker is 127.0.0.1,
  // and the specs' wizards together hold more windows at once than one visitor's address may.
  CODE_CHECKS_PER_MINUTE: '100000',
  HOLDS_PER_MINUTE: '100000',
  HOLDS_PER_CLIENT: '100000',
  LEADS_PER_MINUTE: '100000',
  CARD_TOKENS_PER_MINUTE: '100000',
  INSTALLS_PER_MINUTE: '100000',
  ORDER_PAGE_PER_MINUTE: '100000',
  ORDER_PAGE_MISSES_PER_MINUTE: '100000',
  FUNNEL_REPORTS_PER_MINUTE: '100000',
  PAGES_PER_MINUTE: '100000',
};

export interface RunningServer {
  /** http://127.0.0.1:PORT */
  baseURL: string;
  /** The server's process id. */
  pid: number;
  /** The fresh embedded database's directory (removed by stop). */
  dataDir: string;
  /** The server's stdout and stderr. */
  logFile: string;
  /** SIGTERM (the graceful shutdown) and waits for the exit; the data directory stays. */
  halt(): Promise<void>;
  /** halt(), then the data directory is removed. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Builds apps/web when its build is missing or older than its sources (the root's own rule). */
export function buildWebIfNeeded(): void {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build-web-if-needed.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

/**
 * buildWebIfNeeded() in a child of its own, answering when it is done: global setup prepares the
 * data template meanwhile (the build is one core's work for some 20 s, the template's server the
 * other's). The build's output goes to this process's standard output and error.
 */
export function buildWebInBackground(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(repoRoot, 'scripts/build-web-if-needed.mjs')],
      { cwd: repoRoot },
      (error) => (error ? reject(error) : resolve()),
    );
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  });
}

/**
 * Compiles apps/server into apps/server/dist when that build is missing or older than its sources
 * (scripts/build-server-if-needed.mjs), for `startServer(env, { compiled: true })`.
 */
export function buildServerIfNeeded(): void {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build-server-if-needed.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

/**
 * A prepared data directory (migrated, the demo catalogue and addresses seeded) that global setup
 * leaves here for every server of the run to start from: a fresh one spends some 7 s of its start
 * creating the database, migrating and seeding (a copy starts in half the time).
 */
const DATA_TEMPLATE = 'E2E_DATA_TEMPLATE';

/**
 * What changes the database a server prepares at start (apps/server's `prepare`: migrations, the
 * catalogue of record, the address index) or where it lives: a server whose `env` sets one of
 * these starts from an empty data directory, not from the template.
 */
const PREPARES = [
  'DATABASE_URL',
  'DATA_DIR',
  'CATALOGUE_FILE',
  'PROVIDER_CODE',
  'ADDRESS_INDEX_SIZE',
  'NODE_ENV',
  'ALLOW_DEMO',
  'MIGRATE_ON_START',
];

/**
 * Starts a server on defaultServerEnv, stops it and keeps its data directory as the run's
 * template (E2E_DATA_TEMPLATE, read by startServer in every worker). Answers its removal.
 */
export async function prepareDataTemplate(): Promise<() => Promise<void>> {
  const server = await startServer({}, { fromTemplate: false });
  await server.halt();
  process.env[DATA_TEMPLATE] = server.dataDir;
  return async () => {
    delete process.env[DATA_TEMPLATE];
    await server.stop();
  };
}

export interface StartOptions {
  timeoutMs?: number;
  /** Starts from global setup's prepared data directory when `env` allows it (the default). */
  fromTemplate?: boolean;
  /**
   * Runs the compiled server (`node apps/server/dist/server.js`, as `npm run start:prod` does)
   * instead of src/server.ts through tsx; call buildServerIfNeeded() first.
   */
  compiled?: boolean;
}

/**
 * Starts the real server (apps/server/src/server.ts through tsx, or the compiled one) on a free
 * port with an embedded database of its own (a copy of the run's prepared template when `env`
 * allows it, else a new one), and waits until /healthz answers. `env` adds to or overrides
 * defaultServerEnv (for example a short RESERVATION_HOLD_SECONDS).
 */
export async function startServer(
  env: Record<string, string> = {},
  { timeoutMs = 120_000, compiled = false, fromTemplate = true }: StartOptions = {},
): Promise<RunningServer> {
  // A PORT in `env` is kept: a spec that must name the server's own origin (PUBLIC_URL) picks it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const home = mkdtempSync(join(tmpdir(), 'fibre-e2e-'));
  const dataDir = join(home, 'data');
  const logFile = join(home, 'server.log');
  const template = process.env[DATA_TEMPLATE];
  if (fromTemplate && template && !PREPARES.some((name) => name in env)) {
    cpSync(template, dataDir, { recursive: true });
  }
  const log = createWriteStream(logFile);
  // The compiled server gets no NODE_OPTIONS either: nothing of the test runner's loaders.
  const { NODE_OPTIONS: _loaders, ...withoutLoaders } = process.env;
  const child = spawn(
    process.execPath,
    compiled ? ['--enable-source-maps', 'dist/server.js'] : ['--import', 'tsx', 'src/server.ts'],
    {
      cwd: serverDir,
      env: {
        ...(compiled ? withoutLoaders : process.env),
        ...defaultServerEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = () => rmSync(home, { recursive: true, force: true });
  const baseURL = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const output = readLog(logFile);
      cleanUp();
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    if (await healthy(baseURL)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      const output = readLog(logFile);
      cleanUp();
      throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async function halt() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  }

  return {
    baseURL,
    pid: child.pid!,
    dataDir,
    logFile,
    halt,
    async stop() {
      await halt();
      log.end();
      cleanUp();
    },
  };
}

async function healthy(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/healthz`)).ok;
  } catch {
    return false; // not listening yet
  }
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-4000);
  } catch {
    return '(no output)';
  }
}
