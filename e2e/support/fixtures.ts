import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';
import { Wizard } from './wizard.ts';

export interface ServerHandle {
  baseURL: string;
  /** The spec's own server (when serverEnv is set): its data directory, halt() to read it. */
  own: RunningServer | null;
}

/** Something a spec starts for itself, and how to stop it. */
export interface Kept<T> {
  value: T;
  close: () => Promise<void>;
}

/**
 * Starts `name` for the spec file of the test asking, or answers the one already started: what a
 * spec needs beside the shared server (a server with other settings, a stand-in, a database) is
 * started by the first of its tests in a worker and kept for the next (e2e/README.md, "Servers of a
 * spec's own").
 */
export type Keep = <T>(name: string, start: () => Promise<Kept<T>>) => Promise<T>;

/**
 * The worker's kept deployments, by spec file. Only the files used last stay up (KEPT_FILES): the
 * tests of a file run next to each other, so a worker that moved on will not come back. An older
 * file's are stopped in the background (newest first: a server before the stand-ins it talks to),
 * and the worker's end waits for every stop.
 */
class KeptDeployments {
  private readonly files = new Map<string, Map<string, Promise<Kept<unknown>>>>();
  private readonly stopping: Array<Promise<void>> = [];

  constructor(private readonly keptFiles: number) {}

  async get<T>(file: string, name: string, start: () => Promise<Kept<T>>): Promise<T> {
    let entries = this.files.get(file);
    if (entries) {
      // Most recently used last.
      this.files.delete(file);
    } else {
      entries = new Map();
    }
    this.files.set(file, entries);
    while (this.files.size > this.keptFiles) {
      const [oldest, old] = this.files.entries().next().value!;
      this.files.delete(oldest);
      this.stopping.push(stopAll(old));
    }
    let kept = entries.get(name) as Promise<Kept<T>> | undefined;
    if (!kept) {
      kept = start();
      entries.set(name, kept);
      const mine = entries;
      // A start that failed is tried again by the next test rather than failing it too.
      kept.catch(() => mine.delete(name));
    }
    return (await kept).value;
  }

  async stop(): Promise<void> {
    for (const entries of this.files.values()) this.stopping.push(stopAll(entries));
    this.files.clear();
    await Promise.all(this.stopping);
  }
}

async function stopAll(entries: Map<string, Promise<Kept<unknown>>>): Promise<void> {
  for (const kept of [...entries.values()].reverse()) {
    const started = await kept.catch(() => null);
    await started?.close().catch((error: unknown) => console.warn('a kept deployment', error));
  }
}

/** How many spec files' deployments a worker keeps up at once. */
const KEPT_FILES = 2;

interface WorkerFixtures {
  /** The worker's kept deployments (one registration for every spec: no worker restarts). */
  kept: KeptDeployments;
}

interface TestFixtures {
  /**
   * Environment for a server of this spec's own, e.g.
   * `test.use({ serverEnv: { RESERVATION_HOLD_SECONDS: '5' } })`. Empty (the default) means the
   * shared server that global setup started.
   */
  serverEnv: Record<string, string>;
  /** Starts (once per worker) or answers what this spec file keeps: see Keep. */
  keep: Keep;
  /** The server the spec talks to. */
  server: ServerHandle;
  /** The wizard, opened through the page of a fresh `browser.newContext()`. */
  wizard: Wizard;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  kept: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the pattern
    async ({}, use) => {
      const kept = new KeptDeployments(KEPT_FILES);
      try {
        await use(kept);
      } finally {
        await kept.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  keep: async ({ kept }, use, testInfo) => {
    await use((name, start) => kept.get(testInfo.file, name, start));
  },
  serverEnv: [{}, { option: true }],
  server: [
    async ({ serverEnv, keep }, use) => {
      if (Object.keys(serverEnv).length === 0) {
        const baseURL = process.env.E2E_BASE_URL;
        if (!baseURL) throw new Error('E2E_BASE_URL is not set: global setup did not run');
        await use({ baseURL, own: null });
        return;
      }
      const own = await keepServer(keep, serverEnv);
      await use({ baseURL: own.baseURL, own });
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  wizard: async ({ page }, use) => {
    await use(new Wizard(page));
  },
});

/** A server of the spec's own with `env` (startServer), kept as Keep says. */
export function keepServer(keep: Keep, env: Record<string, string>): Promise<RunningServer> {
  return keep(`server ${JSON.stringify(env)}`, async () => {
    const server = await startServer(env);
    return { value: server, close: () => server.stop() };
  });
}

export { expect };
