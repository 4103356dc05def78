import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_KEYS, PAIR_LOCK_KEYS } from './lock-keys.ts';

const src = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('advisory-lock keys', () => {
  it('are unique within each key space', () => {
    for (const keys of [Object.values(LOCK_KEYS), Object.values(PAIR_LOCK_KEYS)])
      expect(new Set(keys).size).toBe(keys.length);
  });

  it('are named from lock-keys.ts: no advisory call or lock constant elsewhere holds a number', () => {
    const offenders = sources(src)
      .filter((file) => !file.endsWith('lock-keys.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter(
            (line) =>
              /advisory_(xact_)?(try_)?lock\(\s*\d/.test(line) ||
              /advisory_\w*lock\(\$\{\s*(sql\.lit\()?\d/.test(line) ||
              /_LOCK\s*=\s*\d/.test(line),
          )
          .map((line) => `${relative(src, file)}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
