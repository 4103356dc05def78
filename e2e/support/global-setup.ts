import { buildWebIfNeeded, startServer } from './server.ts';

/**
 * Builds the wizard when needed and starts the one real server most specs share, on a free port
 * with a fresh embedded database. Workers read its address from E2E_BASE_URL. Set E2E_BASE_URL
 * yourself to run the specs against a server you started.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  buildWebIfNeeded();
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  return async () => {
    await server.stop();
  };
}
