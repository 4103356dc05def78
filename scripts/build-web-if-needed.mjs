// `npm start` builds the wizard when its production build is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const stale =
  !existsSync(built) ||
  Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(built).mtimeMs;
if (
  stale &&
  existsSync(join(root, 'apps/web/package.json')) &&
  existsSync(join(root, 'apps/web/index.html'))
) {
  console.log('Building the wizard (apps/web)...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
