import { openPglite } from '../db/database.ts';
import { DataDirInUse, lockDataDir } from '../db/data-dir-lock.ts';

/*
 * A process that claims a data directory for the lock's tests (db/data-dir-lock.test.ts):
 * `hold-data-dir.ts DIR pglite` opens PGlite on it; `hold-data-dir.ts DIR claim` only claims it.
 * Prints 'held PID' or 'refused PID: HOLDER', then keeps what it has until it is killed (or, with
 * a third argument, for that many milliseconds, then kills itself without releasing anything).
 */

const [dir, how, forMs, atMs] = process.argv.slice(2);
if (!dir || (how !== 'pglite' && how !== 'claim')) {
  console.error('usage: hold-data-dir.ts DIR pglite|claim [MS [AT]]');
  process.exit(2);
}
// AT (epoch milliseconds): several processes claim at the same moment.
if (atMs) await new Promise((r) => setTimeout(r, Math.max(0, Number(atMs) - Date.now())));
try {
  if (how === 'pglite') await openPglite(dir, { owner: 'a test holder' });
  else await lockDataDir(dir, 'a test holder');
  console.log(`held ${process.pid}`);
} catch (error) {
  if (!(error instanceof DataDirInUse)) throw error;
  console.log(`refused ${process.pid}: ${error.owner.pid}`);
  process.exit(1);
}
// SIGKILL is the only way out: nothing is released (forMs: the same, by the clock).
if (forMs) setTimeout(() => process.kill(process.pid, 'SIGKILL'), Number(forMs));
else setInterval(() => undefined, 60_000);
