// PGlite in a thread of its own, as the server's thread sees it
// (docs/decisions/032-pglite-in-a-worker.md): `PgliteThread` asks pglite-worker.ts by message, and
// `PgliteSessionPool` lends Kysely PGlite's one session, one caller at a time. database.ts's
// `openPglite` is their only user.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  PgliteAnswer,
  PgliteFailure,
  PgliteRequest,
  PgliteWorkerData,
} from './pglite-worker.ts';

/** A database error raised in PGlite's thread, with its SQLSTATE and the fields that name it. */
class DatabaseError extends Error {
  constructor(failure: PgliteFailure) {
    super(failure.message);
    Object.assign(this, failure.fields);
    this.name = failure.name;
  }
}

/**
 * PGlite in its worker thread (pglite-worker.ts), asked by message: each request is answered once,
 * in order. While a request waits the worker keeps the process alive; idle, it does not, so a
 * forgotten database never holds a process open.
 */
export class PgliteThread {
  private readonly waiting = new Map<
    number,
    { resolve: (answer: PgliteAnswer) => void; reject: (error: Error) => void }
  >();
  // The worker's first answer, id 0, says whether PGlite opened.
  private next = 0;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: PgliteAnswer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if (answer.ok) waiter.resolve(answer);
      else waiter.reject(new DatabaseError(answer.error));
    });
    const stop = (error: Error) => {
      this.stopped ??= error;
      for (const waiter of this.waiting.values()) waiter.reject(this.stopped);
      this.waiting.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the database's thread ended (exit code ${code})`)));
  }

  static async start(
    data: Omit<PgliteWorkerData, 'pgliteWasm' | 'initdbWasm'>,
  ): Promise<PgliteThread> {
    const file = workerFile();
    const worker = new Worker(file, {
      // Node's own type stripping runs the source (a flag before Node 22.18); the server's loaders
      // and preloads (tracing) are not the worker's.
      execArgv:
        file.pathname.endsWith('.ts') && !process.features.typescript
          ? ['--experimental-strip-types', '--disable-warning=ExperimentalWarning']
          : [],
      workerData: { ...data, ...(await compiledWasm()) } satisfies PgliteWorkerData,
      ...(data.from ? { transferList: [data.from] } : {}),
    });
    const thread = new PgliteThread(worker);
    try {
      await thread.ask(() => undefined);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  private ask(post: (id: number) => void): Promise<PgliteAnswer> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.next++;
    return new Promise<PgliteAnswer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.ref();
      post(id);
    });
  }

  async query(sql: string, parameters: readonly unknown[]) {
    const answer = await this.ask((id) =>
      this.worker.postMessage({
        id,
        op: 'query',
        sql,
        parameters: [...parameters],
      } satisfies PgliteRequest),
    );
    return 'rows' in answer ? answer : { rows: [], affectedRows: 0 };
  }

  async dump(): Promise<ArrayBuffer> {
    const answer = await this.ask((id) =>
      this.worker.postMessage({ id, op: 'dump' } satisfies PgliteRequest),
    );
    if (!('dump' in answer)) throw new Error('dumpPglite: no data directory in the answer');
    return answer.dump;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.ask((id) => this.worker.postMessage({ id, op: 'close' } satisfies PgliteRequest));
    this.stopped = new Error('the database is closed');
    await this.worker.terminate();
  }
}

let wasm: Promise<Pick<PgliteWorkerData, 'pgliteWasm' | 'initdbWasm'>> | undefined;

/**
 * PGlite's two WebAssembly modules, compiled once per process and shared by every database's
 * thread: a thread given them starts without compiling its own.
 */
function compiledWasm() {
  wasm ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    // The global WebAssembly is Node's, but the server's type libraries (no DOM) declare only its types.
    const { compile: compileModule } = (
      globalThis as unknown as {
        WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
      }
    ).WebAssembly;
    const compile = async (name: string) => compileModule(await readFile(join(dist, name)));
    const [pgliteWasm, initdbWasm] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    return { pgliteWasm, initdbWasm };
  })();
  return wasm;
}

/**
 * pglite-worker's file beside this one: the .ts source when the server runs from its sources, the
 * compiled .js in dist/db/ when it runs compiled, where this code may sit in a shared chunk
 * (dist/chunks/, scripts/build-server.mjs).
 */
function workerFile(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./pglite-worker.ts', here);
  const beside = new URL('./pglite-worker.js', here);
  return existsSync(beside) ? beside : new URL('../db/pglite-worker.js', here);
}

export class PgliteSessionPool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  // What Kysely passes to a control client for cancelling a query: PGlite has none.
  readonly options = {};

  constructor(private readonly engine: PgliteThread) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.closed) throw new Error('the database is closed');
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const before = this.queue;
    this.queue = before.then(() => turn);
    await before;
    const engine = this.engine;
    const client = {
      async query(sql: string, parameters: ReadonlyArray<unknown>) {
        const command = sql.trimStart().slice(0, 6).toUpperCase();
        const result = await engine.query(sql, parameters);
        return { command, rowCount: result.affectedRows, rows: result.rows };
      },
      release,
    };
    return client as unknown as PostgresPoolClient;
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await work();
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.engine.close();
  }
}
