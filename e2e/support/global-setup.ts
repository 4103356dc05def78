import { buildWebInBackground, prepareDataTemplate, startServer } from './server.ts';

/**
 * Builds the wizard when needed while it prepares the data directory every server of the run
 * starts from (server.ts, prepareDataTemplate), and starts the one real server most specs share, on a free
 * port with its own embedded database. Workers read its address from E2E_BASE_URL. Set
 * E2E_BASE_URL yourself to run the specs against a server you started.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  // The build and the template at once (two cores); the shared server starts once both are done.
  const [built, template] = await Promise.allSettled([
    buildWebInBackground(),
    prepareDataTemplate(),
  ]);
  if (template.status === 'fulfilled' && built.status === 'rejected') await template.value();
  if (built.status === 'rejected') throw built.reason;
  if (template.status === 'rejected') throw template.reason;
  const removeTemplate = template.value;
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  return async () => {
    await server.stop();
    await removeTemplate();
  };
}
