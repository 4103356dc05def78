import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';
import { Wizard } from './wizard.ts';

export interface ServerHandle {
  baseURL: string;
  /** The spec's own server (when serverEnv is set): its data directory, halt() to read it. */
  own: RunningServer | null;
}

interface WorkerFixtures {
  /**
   * Environment for a server of this spec's own, e.g.
   * `test.use({ serverEnv: { RESERVATION_HOLD_SECONDS: '5' } })`. Empty (the default) means the
   * shared server that global setup started.
   */
  serverEnv: Record<string, string>;
  /** The server the spec talks to. */
  server: ServerHandle;
}

interface TestFixtures {
  /** The wizard, opened through the page of a fresh `browser.newContext()`. */
  wizard: Wizard;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      if (Object.keys(serverEnv).length === 0) {
        const baseURL = process.env.E2E_BASE_URL;
        if (!baseURL) throw new Error('E2E_BASE_URL is not set: global setup did not run');
        await use({ baseURL, own: null });
        return;
      }
      const own = await startServer(serverEnv);
      try {
        await use({ baseURL: own.baseURL, own });
      } finally {
        await own.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  wizard: async ({ page }, use) => {
    await use(new Wizard(page));
  },
});

export { expect };
