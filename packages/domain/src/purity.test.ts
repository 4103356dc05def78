import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The workspace's own lint configuration must keep packages/domain free of I/O, clocks, randomness
// and import cycles (docs/decisions/001-stack.md). These cases prove the rules fire where they should.
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

async function ruleIds(code: string, file = 'packages/domain/src/example.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('packages/domain lint rules', () => {
  it.each([
    [
      "import { readFile } from 'node:fs/promises';\nexport const f = readFile;",
      'no-restricted-imports',
    ],
    ["import fs from 'fs';\nexport const f = fs;", 'no-restricted-imports'],
    ["import pg from 'pg';\nexport const p = pg;", 'no-restricted-imports'],
    ["import Fastify from 'fastify';\nexport const f = Fastify;", 'no-restricted-imports'],
    ["import { useState } from 'react';\nexport const u = useState;", 'no-restricted-imports'],
    ['export const now = () => Date.now();', 'no-restricted-syntax'],
    ['export const today = () => new Date();', 'no-restricted-syntax'],
    ['export const id = () => Math.random();', 'no-restricted-syntax'],
    ["export const get = () => fetch('/api');", 'no-restricted-globals'],
    ['export const env = () => process.env.X;', 'no-restricted-globals'],
  ])('refuses %s', async (code, rule) => {
    expect(await ruleIds(code)).toContain(rule);
  });

  it('allows pure code, and dates built from a value', async () => {
    expect(await ruleIds('export const at = (ms: number) => new Date(ms).toISOString();')).toEqual(
      [],
    );
  });

  it('allows I/O outside packages/domain', async () => {
    const ids = await ruleIds(
      "import { readFile } from 'node:fs/promises';\nexport const f = readFile;",
      'apps/server/src/example.ts',
    );
    expect(ids).not.toContain('no-restricted-imports');
  });

  // Each file must exist for import/no-cycle to read it; its text is replaced by the case's.
  it.each([
    ['shared/constants.ts', "import { messages } from '../offers/coupons.ts';"],
    ['api/catalogue.ts', "import { catalogueRules } from '../catalogue/plans.ts';"],
    ['catalogue/plans.ts', "import { pricing } from '../pricing/pricing.ts';"],
    ['pricing/add-ons.ts', "import { body } from '../install/install-payload.ts';"],
  ])('refuses %s importing a subject it is not listed with: %s', async (file, line) => {
    expect(await ruleIds(`${line}\nexport const x = 1;`, `packages/domain/src/${file}`)).toContain(
      'import/no-restricted-paths',
    );
  });

  it('allows a subject its own files and the subjects it is listed with', async () => {
    const ids = await ruleIds(
      "import { dateText } from './provider-catalogue-schema.ts';\nimport { text } from '../shared/text.ts';\nimport type { Plan } from '../api/catalogue.ts';\nexport const x: [unknown, unknown, Plan | null] = [dateText, text, null];",
      'packages/domain/src/catalogue/plans.ts',
    );
    expect(ids).not.toContain('import/no-restricted-paths');
  });

  it('reports an import cycle', async () => {
    // shared/index.ts re-exports constants.ts, so constants.ts importing it closes a cycle.
    const ids = await ruleIds(
      "export * from './index.ts';\nexport const x = 1;",
      'packages/domain/src/shared/constants.ts',
    );
    expect(ids).toContain('import/no-cycle');
  });
});
