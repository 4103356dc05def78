import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { ConfigError } from '../config.ts';

/*
 * One process owns an embedded (PGlite) data directory (docs/decisions/002-database-modes.md,
 * docs/rules/operators.md#one-process-per-data-directory). Two PGlite instances on one directory
 * each keep their own copy of the sequences and pages, and the second silently corrupts the
 * first's data. So before PGlite opens DATA_DIR, the process claims it:
 *
 * - A claim is a file `DATA_DIR/.owner-PID-RANDOM.lock` holding who claims it (pid, host, command,
 *   since when, and what tells a dead process from a live one). It is written under another name
 *   and renamed into place, so a claim is never seen half-written.
 * - A claim is live while its process runs: same host, same boot, and the pid alive
 *   (`kill(pid, 0)`) with the start time the claim recorded (Linux), so a pid reused after a crash
 *   or a reboot does not count. A claim from another host cannot be checked and counts as live.
 *   A claim that is not live (its process was killed with SIGKILL, the machine lost power) is
 *   removed by whoever meets it: its owner is gone, so removing it can never take a lock away.
 * - Claiming: look first (a live claim: refuse, having written nothing); otherwise write our
 *   claim, then look again. Two processes that claim at once both write before they look, so at
 *   least one sees the other: whoever sees another live claim withdraws its own and tries again
 *   after a short random pause, and finds the winner's claim at its next first look (a claim seen
 *   at a first look is named as the holder only if it is still there 150 ms later: a rival's
 *   claim that is withdrawn meanwhile is not the holder). No claim is
 *   ever replaced or taken over, only added and removed, so there is no window in which two
 *   processes both believe they own the directory.
 * - Released when the database closes, and at process exit as a backstop.
 */

const PREFIX = '.owner-';
const SUFFIX = '.lock';

/** Who holds (or held) a data directory, as its claim says. */
export interface DataDirOwner {
  pid: number;
  host: string;
  /** What the process is: 'the server', 'npm run operator', … */
  command: string;
  /** ISO 8601: when it claimed the directory. */
  since: string;
  /** Linux: /proc/sys/kernel/random/boot_id, so claims from before a reboot are known dead. */
  boot?: string;
  /** Linux: the process's start time in clock ticks since boot, so a reused pid is not alive. */
  started?: string;
}

/** The data directory is held by another live process: nothing was opened or written. */
export class DataDirInUse extends ConfigError {
  constructor(
    readonly dir: string,
    readonly owner: DataDirOwner,
    readonly file: string,
  ) {
    super(heldMessage(dir, owner, file));
    this.name = 'DataDirInUse';
  }
}

function heldMessage(dir: string, owner: DataDirOwner, file: string): string {
  const elsewhere = owner.host !== hostname();
  const who = `${owner.command} (pid ${owner.pid}${elsewhere ? ` on ${owner.host}` : ''}, since ${owner.since})`;
  return [
    `DATA_DIR ${dir} is in use by ${who}. An embedded database is open in one process at a time, so this one stopped and wrote nothing.`,
    `Stop that process first (or set DATABASE_URL: on PostgreSQL several processes may run).`,
    ...(elsewhere
      ? [`If that process no longer runs on ${owner.host}, delete ${file} and start again.`]
      : []),
  ].join('\n');
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

/** Claims this process holds, by file: a claim with our own pid not among them is a dead one's. */
const held = new Set<string>();

const thisHost = hostname();
const thisBoot = readTrimmed('/proc/sys/kernel/random/boot_id');

function readTrimmed(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Linux: field 22 of /proc/PID/stat (after the command's name, which may hold spaces). */
function startTimeOf(pid: number): string | undefined {
  const stat = readTrimmed(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLive(owner: DataDirOwner, file: string): boolean {
  if (owner.host !== thisHost) return true;
  if (owner.boot && thisBoot && owner.boot !== thisBoot) return false;
  if (owner.pid === process.pid) return held.has(file);
  if (!alive(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  return !(owner.started && started && owner.started !== started);
}

function parseOwner(text: string): DataDirOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<DataDirOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return undefined;
    return {
      pid: owner.pid,
      host: owner.host,
      command: typeof owner.command === 'string' ? owner.command : 'a process',
      since: typeof owner.since === 'string' ? owner.since : 'an unknown time',
      ...(typeof owner.boot === 'string' ? { boot: owner.boot } : {}),
      ...(typeof owner.started === 'string' ? { started: owner.started } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The live claims in `dir` other than `mine`, oldest first; dead ones are removed on the way. */
async function liveClaims(
  dir: string,
  mine?: string,
): Promise<Array<{ file: string; owner: DataDirOwner }>> {
  const names = await readdir(dir);
  const live: Array<{ file: string; owner: DataDirOwner }> = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    if (name.endsWith('.tmp')) {
      // A claim being written, or left by a process killed before it renamed it into place.
      const pid = Number(name.slice(PREFIX.length).split('-')[0]);
      if (pid !== process.pid && !alive(pid)) await unlink(join(dir, name)).catch(() => undefined);
      continue;
    }
    if (!name.endsWith(SUFFIX)) continue;
    const file = join(dir, name);
    if (file === mine) continue;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue; // released meanwhile
    }
    // A claim is renamed into place whole: one that does not parse was not written by a claimant.
    const owner = parseOwner(text);
    if (owner && isLive(owner, file)) live.push({ file, owner });
    else await unlink(file).catch(() => undefined);
  }
  return live.sort((a, b) => a.owner.since.localeCompare(b.owner.since));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tries this often when two processes claim at the same moment. */
const ATTEMPTS = 8;
/** How long a claim seen at the first look must last to be named as the holder. */
const CONFIRM_MS = 150;

/**
 * Claims `dir` (made if missing) for this process, as `command`; throws DataDirInUse, having
 * written nothing, when another live process holds it.
 */
export async function lockDataDir(dirTyped: string, command: string): Promise<DataDirLock> {
  const dir = resolve(dirTyped);
  await mkdir(dir, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    const [holder] = await liveClaims(dir);
    if (holder) {
      // A claim seen once may be a rival's that is about to withdraw (two processes that claim at
      // once): refuse naming it only if it is still there a moment later, else look again.
      await pause(CONFIRM_MS);
      const [still] = await liveClaims(dir);
      if (still?.file === holder.file) throw new DataDirInUse(dir, holder.owner, holder.file);
      if (attempt >= ATTEMPTS && still) throw new DataDirInUse(dir, still.owner, still.file);
      continue;
    }

    const owner: DataDirOwner = {
      pid: process.pid,
      host: thisHost,
      command,
      since: new Date().toISOString(),
      ...(thisBoot ? { boot: thisBoot } : {}),
      ...(startTimeOf(process.pid) ? { started: startTimeOf(process.pid)! } : {}),
    };
    const name = `${PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`;
    const file = join(dir, `${name}${SUFFIX}`);
    const writing = join(dir, `${name}.tmp`);
    await writeFile(writing, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
    held.add(file);
    try {
      await rename(writing, file);
    } catch (error) {
      held.delete(file);
      await unlink(writing).catch(() => undefined);
      throw error;
    }

    const [rival] = await liveClaims(dir, file);
    if (!rival) return holding(file);
    held.delete(file);
    await unlink(file).catch(() => undefined);
    if (attempt >= ATTEMPTS) throw new DataDirInUse(dir, rival.owner, rival.file);
    await pause(20 + Math.random() * 100 * attempt);
  }
}

function holding(file: string): DataDirLock {
  // A process that exits without closing its database (process.exit) leaves no claim behind.
  const atExit = () => {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', atExit);
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      process.off('exit', atExit);
      held.delete(file);
      await unlink(file).catch(() => undefined);
    },
  };
}

/** What this process is, for a claim made without saying: `node script` as it was started. */
export function describeProcess(): string {
  return `node ${basename(process.argv[1] ?? 'process')}`;
}
