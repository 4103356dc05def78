// `npm start` builds the wizard, the operator console and the order page when any one's production
// build is missing or older than their sources (one `vite build` makes all three:
// apps/web/vite.config.ts).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isStale } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = ['index.html', 'admin.html', 'order.html', 'resume.html'].map((page) =>
  join(root, 'apps/web/dist', page),
);
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/admin.html',
  'apps/web/order.html',
  'apps/web/resume.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
];

const stale = built.some((page) =>
  isStale(
    page,
    sources.map((s) => join(root, s)),
  ),
);
if (
  stale &&
  existsSync(join(root, 'apps/web/package.json')) &&
  existsSync(join(root, 'apps/web/index.html'))
) {
  console.log('Building the wizard (apps/web)...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
