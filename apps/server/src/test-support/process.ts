import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { RAISED_LIMITS } from './limits.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

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

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown at all, as a crash or a pulled plug. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
}

/** Starts the real server (src/server.ts) in its own process and waits until it is healthy. */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    /** Reads the server's standard output (its log), which is dropped otherwise. */ stdout?: (
      text: string,
    ) => void;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // As `npm start` runs it: tracing/preload.ts first (docs/decisions/029-tracing.md).
  const args = ['--import', 'tsx', '--import', './src/tracing/preload.ts', 'src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...RAISED_LIMITS,
      ...env,
    },
    stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'inherit'],
  });
  const { stdout } = options;
  if (stdout) child.stdout?.on('data', (chunk: Buffer) => stdout(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The repository's root, where a provider runs the npm scripts. */
export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ScriptRun {
  code: number | null;
  out: string;
  err: string;
}

/**
 * `npm run SCRIPT -- ARGS` from the repository's root, as a provider runs the CLIs (catalogue,
 * addresses): its exit code and what it printed.
 */
export function npmScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, INIT_CWD: repoRoot, LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}
