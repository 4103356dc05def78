import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test-support/process.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Runs src/server.ts until it exits; its exit code and everything it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

// Before, a DATABASE_URL nobody answers at printed a raw ECONNREFUSED stack.
describe('a DATABASE_URL on a closed port', () => {
  it('stops the start with one line naming the variable and the host, no stack, no password', async () => {
    const port = await freePort();
    const { code, output } = await runServer({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://fibre:hunter2secret@127.0.0.1:${port}/fibre`,
    });
    expect(code).toBe(78);
    expect(output.trim()).toBe(
      `DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:${port} (connection refused)`,
    );
    expect(output).not.toContain('hunter2secret');
  }, 60_000);
});
