// The browser tests' compiled server (e2e/support/server.ts): compiles apps/server when its build
// is missing or older than its sources. Test workers may ask at the same time: one builds, under
// a lock directory, and the others wait for it and then find the build fresh.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isStale } from './newest.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/server/dist/server.js');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/domain/src',
  'scripts/build-server.mjs',
].map((s) => join(root, s));
const lock = join(root, 'apps/server/.tmp/build.lock');

function takeLock() {
  mkdirSync(join(lock, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    // A build takes seconds; a lock a minute old was left by a builder that died.
    try {
      if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true });
    } catch {
      // released meanwhile
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}

if (isStale(built, sources)) {
  takeLock();
  try {
    if (isStale(built, sources)) {
      console.log('Compiling the server (apps/server)...');
      execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], {
        stdio: 'inherit',
      });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
