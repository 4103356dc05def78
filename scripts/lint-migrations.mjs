// `npm run lint:migrations` (part of `npm run lint`): squawk checks every migration for statements
// that would block sign-ups while they run, with the rules of .squawk.toml (docs/migrations.md).
// Two passes, as db/migrate.ts runs them: most files inside a transaction, the files whose first
// line is '-- migrate: no-transaction' statement by statement outside one.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = join(root, 'apps/server/src/db/migrations');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => join(dir, f));
const outside = (file) => readFileSync(file, 'utf8').startsWith('-- migrate: no-transaction');

let failed = false;
for (const [flag, group] of [
  ['--assume-in-transaction', files.filter((f) => !outside(f))],
  ['--no-assume-in-transaction', files.filter(outside)],
]) {
  if (group.length === 0) continue;
  const run = spawnSync(
    join(root, 'node_modules/.bin/squawk'),
    [flag, '--no-error-on-unmatched-pattern', ...group.map((f) => relative(root, f))],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0) failed = true;
}
if (failed) {
  console.error('Migrations that would block sign-ups: see docs/migrations.md for the safe forms.');
  process.exit(1);
}
console.log(`squawk: ${files.length} migrations checked`);
