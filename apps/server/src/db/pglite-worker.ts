// The embedded database's own thread (docs/decisions/032-pglite-in-a-worker.md): PGlite runs every
// statement on the thread that calls it, so it lives here, and the server's thread only posts SQL
// and reads answers. database.ts starts this file as a worker and is its only caller; it speaks
// the messages below, one answer per request, in order. This file imports nothing of the server's
// (it runs as it is, type-stripped, beside the server's own loader).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/** What the server's thread opens the database with. */
export interface PgliteWorkerData {
  dataDir?: string;
  /** A data directory dumped by `dump`, to start from instead of an empty cluster. */
  from?: ArrayBuffer;
  /** PGlite's WebAssembly, compiled once by the server's thread (database.ts). */
  pgliteWasm: WebAssembly.Module;
  initdbWasm: WebAssembly.Module;
}

export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; parameters: unknown[] }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export type PgliteAnswer =
  | { id: number; ok: true; rows: unknown[]; affectedRows: number }
  | { id: number; ok: true; dump: ArrayBuffer }
  | { id: number; ok: false; error: PgliteFailure };

/** An error as it crosses threads: its message and every field that says what failed. */
export interface PgliteFailure {
  name: string;
  message: string;
  fields: Record<string, string | number>;
}

// A date is a calendar day, not an instant: 'YYYY-MM-DD' as stored, in any process zone.
const DATE = 1082;

function failure(error: unknown): PgliteFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.ts runs as a worker thread (db/database.ts)');
  const data = workerData as PgliteWorkerData;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(data.dataDir ? { dataDir: data.dataDir } : {}),
      ...(data.from ? { loadDataDir: new Blob([data.from]) } : {}),
      pgliteWasmModule: data.pgliteWasm,
      initdbWasmModule: data.initdbWasm,
      extensions: { pg_trgm, btree_gist },
      parsers: { [DATE]: (v: string) => v },
    });
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: failure(error) } satisfies PgliteAnswer);
    return;
  }
  port.postMessage({ id: 0, ok: true, rows: [], affectedRows: 0 } satisfies PgliteAnswer);

  // One request at a time, in the order posted: the server's thread keeps PGlite's one session
  // for one caller at a time already, and a transaction's statements must not interleave.
  let queue = Promise.resolve();
  port.on('message', (request: PgliteRequest) => {
    queue = queue.then(async () => {
      try {
        if (request.op === 'query') {
          // Without parameters, the simple protocol also runs several statements (migrations).
          const result =
            request.parameters.length === 0
              ? (await pglite.exec(request.sql)).at(-1)
              : await pglite.query(request.sql, request.parameters);
          port.postMessage({
            id: request.id,
            ok: true,
            rows: result?.rows ?? [],
            affectedRows: result?.affectedRows ?? 0,
          } satisfies PgliteAnswer);
        } else if (request.op === 'dump') {
          // Written out first: a copy that replays its log starts each sequence 32 values on.
          await pglite.exec('CHECKPOINT');
          const dump = await (await pglite.dumpDataDir('none')).arrayBuffer();
          port.postMessage({ id: request.id, ok: true, dump } satisfies PgliteAnswer, [dump]);
        } else {
          await pglite.close();
          port.postMessage({
            id: request.id,
            ok: true,
            rows: [],
            affectedRows: 0,
          } satisfies PgliteAnswer);
          port.close();
        }
      } catch (error) {
        port.postMessage({
          id: request.id,
          ok: false,
          error: failure(error),
        } satisfies PgliteAnswer);
      }
    });
  });
}

void main();
