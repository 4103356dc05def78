import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes of the files under `dir`. */
export async function du(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await du(path) : (await stat(path)).size;
  }
  return total;
}
