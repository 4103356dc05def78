import { buildApp, loadConfig, openDatabase } from '@fibre/server/testing';

/*
 * The API benchmark's server: the production app (buildApp: the same plugins, hooks and routes as
 * src/server.ts) plus GET /bench/noop, which answers a constant without touching the database.
 * The route exists on this instance only; the product never has it. Its figures are the floor:
 * what this machine gives for a request that does nothing but go through the server.
 */
const config = loadConfig(process.env);
const database = await openDatabase(config);
const app = await buildApp({ config, database });
app.get('/bench/noop', async () => ({ ok: true }));

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port: config.port, host: config.host });
