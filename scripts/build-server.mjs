// `npm run build` (with the wizard's vite build): compiles apps/server/src into apps/server/dist
// for `npm run start:prod`, as docs/decisions/012-compiled-build.md describes. Every file but the
// tests and test support becomes a module of its own at the same path (dist/server.js,
// dist/catalogue/cli.js, ...); code they share goes to dist/chunks; @fibre/domain is compiled in;
// every other package stays an import from node_modules and must be one of apps/server's own
// dependencies, so `npm ci --omit=dev` installs everything the build needs at run time.
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server');
const src = join(server, 'src');
const dist = join(server, 'dist');
// Written beside, then swapped in: a server starting meanwhile never sees half a build.
const next = join(server, `.tmp/dist-${process.pid}`);

/** Tests, their helpers (test-*.ts) and test support stay out of the build. */
const isTestCode = (path) => /\.test\.ts$|(^|\/)test-/.test(relative(src, path));

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (isTestCode(path)) return [];
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** 'pg' -> 'pg', '@fastify/static' -> '@fastify/static', 'pg/lib/x' -> 'pg'. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

// Workspace packages (@fibre/*) are compiled in; every other package is left to node_modules.
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fibre/') ? undefined : { path: args.path, external: true },
    );
  },
};

const all = files(src);
rmSync(next, { recursive: true, force: true });
const result = await build({
  entryPoints: all.filter((f) => f.endsWith('.ts')),
  outdir: next,
  outbase: src,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  plugins: [packagesStayExternal],
});

// SQL migrations and any other file the server reads, at the same paths as in src.
for (const file of all.filter((f) => !f.endsWith('.ts'))) {
  const copy = join(next, relative(src, file));
  mkdirSync(dirname(copy), { recursive: true });
  cpSync(file, copy);
}

const { dependencies = {} } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
const imported = new Set(
  Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path)),
  ),
);
const undeclared = [...imported].filter((name) => !(name in dependencies)).sort();
if (undeclared.length > 0) {
  rmSync(next, { recursive: true, force: true });
  console.error(
    `apps/server/src imports ${undeclared.join(', ')}, not among apps/server's dependencies: ` +
      'add it there, or name a file only tests use test-*.ts',
  );
  process.exit(1);
}

rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
console.log(`Compiled apps/server/src into apps/server/dist (${all.length} files).`);
