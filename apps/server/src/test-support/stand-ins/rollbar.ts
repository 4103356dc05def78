import { startStandIn, type StandIn } from './recorder.ts';

/**
 * Rollbar's item API (https://docs.rollbar.com/reference/create-item): POST /api/1/item/ with the
 * project's access token in the X-Rollbar-Access-Token header and the item as JSON
 * `{data: {...}}`; it answers `{err: 0, result: {uuid}}`.
 */
export const ACCESS_TOKEN = 'rollbar-post-server-item-token';

export async function startRollbar(): Promise<StandIn & { endpoint: string }> {
  let n = 0;
  const standIn = await startStandIn((req) => {
    if (req.method !== 'POST' || req.path !== '/api/1/item/')
      return { status: 404, body: { err: 1, message: 'not found' } };
    if (req.headers['x-rollbar-access-token'] !== ACCESS_TOKEN)
      return { status: 401, body: { err: 1, message: 'invalid access token' } };
    n += 1;
    return { status: 200, body: { err: 0, result: { id: null, uuid: `item-${n}` } } };
  });
  return { ...standIn, endpoint: `${standIn.origin}/api/1/item/` };
}
