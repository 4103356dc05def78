import { startStandIn, type StandIn } from './recorder.ts';

/**
 * Rollbar's item API (https://docs.rollbar.com/reference/create-item): POST /api/1/item/ with the
 * project's access token in the X-Rollbar-Access-Token header and the item as JSON
 * `{data: {...}}`; it answers `{err: 0, result: {uuid}}`. Browsers post cross-origin, so it
 * answers CORS preflights as Rollbar's API does.
 */
export const ACCESS_TOKEN = 'rollbar-post-server-item-token';
/** The post_client_item token browsers report with. */
export const CLIENT_TOKEN = 'rollbar-post-client-item-token';

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, X-Rollbar-Access-Token',
};

export async function startRollbar(): Promise<StandIn & { endpoint: string }> {
  let n = 0;
  const standIn = await startStandIn((req) => {
    if (req.method === 'OPTIONS' && req.path === '/api/1/item/')
      return { status: 204, headers: cors };
    if (req.method !== 'POST' || req.path !== '/api/1/item/')
      return { status: 404, body: { err: 1, message: 'not found' }, headers: cors };
    const token = req.headers['x-rollbar-access-token'];
    if (token !== ACCESS_TOKEN && token !== CLIENT_TOKEN)
      return { status: 401, body: { err: 1, message: 'invalid access token' }, headers: cors };
    n += 1;
    return {
      status: 200,
      body: { err: 0, result: { id: null, uuid: `item-${n}` } },
      headers: cors,
    };
  });
  return { ...standIn, endpoint: `${standIn.origin}/api/1/item/` };
}
