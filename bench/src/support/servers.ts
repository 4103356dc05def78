import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@fibre/server/testing';

const serverDir = fileURLToPath(new URL('../../../apps/server/', import.meta.url));
const entries = {
  /** The production server, exactly as `npm start` runs it. */
  real: 'src/server.ts',
  /** The same app plus GET /bench/noop (the floor), see noop-server.ts. */
  noop: fileURLToPath(new URL('./noop-server.ts', import.meta.url)),
};

/**
 * Every rate limit out of reach: one load generator on 127.0.0.1 is not the visitors the limits
 * protect against (the plugin still runs on every request).
 */
export const LIMITS_OUT_OF_REACH: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: '1000000000',
  // The per-route limits too (docs/decisions/010-limits.md): the holds benchmark alone holds
  // more windows from 127.0.0.1 than HOLDS_PER_CLIENT allows one address.
  CODE_CHECKS_PER_MINUTE: '1000000000',
  HOLDS_PER_MINUTE: '1000000000',
  HOLDS_PER_CLIENT: '1000000000',
  LEADS_PER_MINUTE: '1000000000',
  CARD_TOKENS_PER_MINUTE: '1000000000',
  INSTALLS_PER_MINUTE: '1000000000',
  ORDER_PAGE_PER_MINUTE: '1000000000',
  ORDER_PAGE_MISSES_PER_MINUTE: '1000000000',
  FUNNEL_REPORTS_PER_MINUTE: '1000000000',
  PAGES_PER_MINUTE: '1000000000',
  AUTOCOMPLETE_PER_CLIENT: '1000000000',
};

export interface RunningServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts a server in its own process, as production runs it (NODE_ENV=production, through tsx),
 * and waits until /healthz answers. Request logs are off (LOG_LEVEL=warn) and the rate limits are
 * out of reach, because one load generator on 127.0.0.1 is not the visitors it protects against;
 * the rate-limit plugin still runs on every request.
 */
export async function startServer(
  entry: keyof typeof entries,
  env: Record<string, string>,
  timeoutMs = 300_000,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entries[entry]], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // On the embedded parts (PGlite unless DATABASE_URL, the test-mode vault and ledger, the demo
      // catalogue): a demo deployment, which production mode refuses unless told (docs/deploy.md).
      ALLOW_DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...LIMITS_OUT_OF_REACH,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
