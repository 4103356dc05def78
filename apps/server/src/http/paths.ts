import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the files the server reads at run time are, found the same way from the TypeScript in
 * src/ (tsx, tests) and from the compiled bundle in dist/, whose modules sit at other depths
 * (docs/decisions/012-compiled-build.md): up from this module to apps/server, known by its
 * package.json.
 */
function locate(): { serverRoot: string; codeRoot: string } {
  let child = fileURLToPath(import.meta.url);
  for (let dir = dirname(child); dir !== child; child = dir, dir = dirname(dir)) {
    if (isServerPackage(join(dir, 'package.json'))) return { serverRoot: dir, codeRoot: child };
  }
  throw new Error(`apps/server/package.json not found above ${fileURLToPath(import.meta.url)}`);
}

function isServerPackage(file: string): boolean {
  if (!existsSync(file)) return false;
  return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === '@fibre/server';
}

// codeRoot: apps/server/src when running the TypeScript, apps/server/dist when running the build.
const { serverRoot, codeRoot } = locate();
const repoRoot = join(serverRoot, '../..');

/** The numbered SQL migrations: src/db/migrations, copied to dist/db/migrations by the build. */
export const migrationsDir = join(codeRoot, 'db/migrations');

/** The repository's package.json, whose "version" is the product's (version.ts). */
export const rootPackageFile = join(repoRoot, 'package.json');

/** The production build of the wizard (apps/web/dist), served at `/`. */
export const webDist = join(repoRoot, 'apps/web/dist');

/** The demo provider's catalogue, used when CATALOGUE_FILE is not set (catalogue/demo.yaml). */
export const demoCatalogueFile = join(repoRoot, 'catalogue/demo.yaml');
