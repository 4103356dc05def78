import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run test:timings` (scripts/test-timings.mjs, README.md "Tests"): the stages of the last
// `npm test` and each suite's slowest files, from the reports the test command writes.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function timings(reports: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'reports-'));
  dirs.push(dir);
  for (const [name, json] of Object.entries(reports)) {
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(json));
  }
  return execFileSync(process.execPath, ['scripts/test-timings.mjs', dir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
}

const vitestFile = (name: string, ms: number, tests: number) => ({
  name: join(repoRoot, name),
  startTime: 1_000,
  endTime: 1_000 + ms,
  assertionResults: Array.from({ length: tests }, () => ({ status: 'passed' })),
});
const spec = (...durations: number[]) => ({
  tests: [{ results: durations.map((duration) => ({ duration })) }],
});

describe('test timings', () => {
  it('lists the stages with their total, and the slowest files first with their tests', () => {
    const out = timings({
      stages: [
        { stage: 'lint', seconds: 40, ok: true },
        { stage: 'server', seconds: 300.5, ok: false },
      ],
      server: {
        testResults: [
          vitestFile('apps/server/src/quick.test.ts', 900, 3),
          vitestFile('apps/server/src/slow.test.ts', 65_000, 12),
        ],
      },
      e2e: {
        suites: [
          { file: 'a.spec.ts', specs: [spec(2_000)], suites: [{ specs: [spec(3_000, 1_500)] }] },
          { file: 'b.spec.ts', specs: [spec(9_000)] },
        ],
      },
    });
    expect(out).toContain('     40.0 s  lint\n    300.5 s  server (failed)\n    340.5 s  in all');
    expect(out).toContain('Server: 2 files, 15 tests');
    expect(out.indexOf('slow.test.ts')).toBeLessThan(out.indexOf('quick.test.ts'));
    expect(out).toContain('65.0 s    12 tests  apps/server/src/slow.test.ts');
    // A file's time is its tests' runs, retries and nested describes included.
    expect(out).toContain('Browser: 2 files, 3 tests');
    expect(out).toContain('6.5 s     2 tests  e2e/tests/a.spec.ts');
    expect(out.indexOf('b.spec.ts')).toBeLessThan(out.indexOf('a.spec.ts'));
  });

  it('says to run the tests first when there is no report', () => {
    expect(timings({})).toContain('no reports/stages.json yet: run `npm test` first');
  });
});
