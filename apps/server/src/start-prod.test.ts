import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run start:prod` is scripts/start-prod.mjs; here it runs in a scratch tree of its own, so
// the repository's real builds are neither needed nor touched.
const launcher = fileURLToPath(new URL('../../../scripts/start-prod.mjs', import.meta.url));

let scratch: string;
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'start-prod-')));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  mkdirSync(join(scratch, 'scripts'));
  copyFileSync(launcher, join(scratch, 'scripts/start-prod.mjs'));
  return scratch;
}

function run(
  root: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'scripts/start-prod.mjs')],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run start:prod (scripts/start-prod.mjs)', () => {
  it('stops with one line, building nothing, when there is no build', async () => {
    const { code, stdout, stderr } = await run(tree({}));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(
      'No build (apps/server/dist/server.js and apps/web/dist/index.html missing): run npm run build first.',
    );
  });

  it('names only what is missing', async () => {
    const { stderr } = await run(tree({ 'apps/server/dist/server.js': '' }));
    expect(stderr.trim()).toBe(
      'No build (apps/web/dist/index.html missing): run npm run build first.',
    );
  });

  it('runs the compiled server in apps/server, as npm start does', async () => {
    const root = tree({
      'apps/server/dist/server.js': 'console.log(process.cwd());',
      'apps/web/dist/index.html': '<!doctype html>',
    });
    const { code, stdout } = await run(root);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(join(root, 'apps/server'));
  });

  // docs/decisions/029-tracing.md: the tracing preload runs before the server when an OTEL_
  // variable is set, and is not even loaded otherwise.
  it.each([
    [
      'loads tracing first when an OTEL_ variable is set',
      { OTEL_SERVICE_NAME: 's' },
      'tracing\nserver',
    ],
    ['loads no tracing when none is', {}, 'server'],
  ])('%s', async (_name, env, printed) => {
    const root = tree({
      'apps/server/dist/server.js': "console.log('server');",
      'apps/server/dist/tracing/preload.js': "console.log('tracing');",
      'apps/web/dist/index.html': '<!doctype html>',
    });
    const { code, stdout } = await run(root, env);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(printed);
  });
});
