import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The build's rules (scripts/build-server.mjs), on a small scratch server of its own: the
// repository's own apps/server/dist is neither needed nor touched.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let scratch: string;
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function tree(dependencies: Record<string, string>, files: Record<string, string>): string {
  scratch = mkdtempSync(join(tmpdir(), 'build-server-'));
  const all = {
    'apps/server/package.json': JSON.stringify({ name: '@fibre/server', dependencies }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  mkdirSync(join(scratch, 'scripts'));
  copyFileSync(
    join(repoRoot, 'scripts/build-server.mjs'),
    join(scratch, 'scripts/build-server.mjs'),
  );
  symlinkSync(join(repoRoot, 'node_modules'), join(scratch, 'node_modules'));
  return scratch;
}

function build(root: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'scripts/build-server.mjs')], (error, _out, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
}

const sources = {
  'apps/server/src/server.ts':
    "import { z } from 'zod';\nimport { AU_STATES } from '@fibre/domain/shared';\nexport const id = z.enum(AU_STATES);",
  'apps/server/src/catalogue/cli.ts': "import { id } from '../server.ts';\nid.parse('x');",
  'apps/server/src/db/migrations/001-first.sql': 'CREATE TABLE first (id text);',
  'apps/server/src/server.test.ts': "import { it } from 'vitest';\nit('runs', () => {});",
  'apps/server/src/routes/test-client.ts': "import fc from 'fast-check';\nexport { fc };",
  'apps/server/src/test-support/app.ts': "import fc from 'fast-check';\nexport { fc };",
};

describe('npm run build for the server (scripts/build-server.mjs)', () => {
  it('compiles every file but tests and test support, at the same paths, with the SQL beside', async () => {
    // @fibre/domain is compiled in, so the server needs its packages.
    const domain = JSON.parse(
      readFileSync(join(repoRoot, 'packages/domain/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    const root = tree(domain.dependencies, sources);
    expect(await build(root)).toEqual({ code: 0, stderr: '' });
    const dist = (path: string) => join(root, 'apps/server/dist', path);
    expect(existsSync(dist('server.js'))).toBe(true);
    expect(existsSync(dist('catalogue/cli.js'))).toBe(true);
    expect(readFileSync(dist('server.js'), 'utf8')).not.toContain('@fibre/domain');
    expect(readFileSync(dist('db/migrations/001-first.sql'), 'utf8')).toContain('CREATE TABLE');
    for (const left of ['server.test.js', 'routes/test-client.js', 'test-support/app.js']) {
      expect(existsSync(dist(left))).toBe(false);
    }
  });

  it('fails, naming the package, when the server imports one it does not depend on', async () => {
    const root = tree({ 'date-fns': '*', '@date-fns/tz': '*', yaml: '*' }, sources);
    const { code, stderr } = await build(root);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      "apps/server/src imports zod, not among apps/server's dependencies: add it there, or name a file only tests use test-*.ts",
    );
    expect(existsSync(join(root, 'apps/server/dist'))).toBe(false);
  });
});
