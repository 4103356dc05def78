import { expect, test } from '../support/fixtures.ts';

// A spec can run on a server of its own with different settings; it gets a fresh database too.
test.use({ serverEnv: { RESERVATION_HOLD_SECONDS: '5' } });

test('a spec with serverEnv talks to its own server', async ({ request, server }) => {
  expect(server.baseURL).not.toBe(process.env.E2E_BASE_URL);
  const config = (await (await request.get('/api/v1/public/config')).json()) as {
    holdSeconds: number;
  };
  expect(config.holdSeconds).toBe(5);
});
