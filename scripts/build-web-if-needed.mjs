// `npm start` builds the wizard when its production build is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isStale } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
];

const stale = isStale(
  built,
  sources.map((s) => join(root, s)),
);
if (
  stale &&
  existsSync(join(root, 'apps/web/package.json')) &&
  existsSync(join(root, 'apps/web/index.html'))
) {
  console.log('Building the wizard (apps/web)...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
