// When a build is stale: missing, or older than the newest of its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under `path` (0 when it does not exist). */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** True when `built` is missing or older than any of `sources`. */
export function isStale(built, sources) {
  return !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}
