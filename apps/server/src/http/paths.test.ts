import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { demoCatalogueFile, migrationsDir, webDist } from './paths.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

// The compiled server finds the same files from apps/server/dist: e2e/tests/compiled-server.spec.ts.
describe('the files the server reads at run time, from src', () => {
  it.each([
    ['the demo catalogue', 'catalogue/demo.yaml', demoCatalogueFile],
    ['the migrations', 'apps/server/src/db/migrations', migrationsDir],
    ['the wizard build', 'apps/web/dist', webDist],
  ])('%s is at %s', (_what, expected, path) => {
    expect(relative(repoRoot, path)).toBe(expected);
  });

  it('finds the demo catalogue and the first migration on disk', () => {
    expect(existsSync(demoCatalogueFile)).toBe(true);
    expect(existsSync(join(migrationsDir, '001-catalogue.sql'))).toBe(true);
  });
});
