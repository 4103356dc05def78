import { createServer, isIP, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import type { ResolveHost } from './targets.ts';

/**
 * docs/rules/webhooks.md#where-an-endpoint-may-point: an endpoint never points inside the
 * server's network, whatever form its host takes, when it is added and when each delivery
 * connects (a name whose answer changed since is caught in the connection); WEBHOOK_ALLOWED_HOSTS
 * lets a provider name an inside receiver; https in production is read from the parsed URL, and
 * ALLOW_DEMO does not relax it.
 */

/** A resolver stand-in: names to addresses, changed by the test (DNS rebinding). */
function standInResolver(names: Record<string, string[]>) {
  const resolve: ResolveHost = async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  return { names, resolve };
}

/** A TCP listener on loopback that counts connections (and answers none). */
async function countingListener(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PUBLIC = '93.184.216.34';

/** Every form of a host inside that the URL parser leaves or makes, and names that resolve inside. */
const INSIDE = [
  'http://127.0.0.1:5432/',
  'http://127.1:9464/metrics',
  'http://2130706433:3000/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://017700000001/',
  'http://127.255.255.254/',
  'http://[::1]:3000/admin/api/keys',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://0.0.0.0:3000/',
  'http://0/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]:5432/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::127.0.0.1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[::ffff:0:127.0.0.1]/',
  'http://[100::1]/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://224.0.0.1/',
  'http://239.255.255.250:1900/',
  'http://[ff02::1]/',
  'http://255.255.255.255/',
  'https://127.0.0.1:5432/',
  'http://localhost:3000/admin/api/keys',
  'http://inside.example/',
  'http://metadata.example/',
  'http://mixed.example/',
  'http://inside6.example/',
];

describe.each(engines())('webhook targets on %s', (engine) => {
  const resolver = standInResolver({
    localhost: ['127.0.0.1', '::1'],
    'inside.example': ['10.1.2.3'],
    'metadata.example': ['169.254.169.254'],
    'mixed.example': [PUBLIC, '127.0.0.1'],
    'inside6.example': ['::ffff:192.168.0.10'],
    'public.example': [PUBLIC],
    'public6.example': ['2606:4700:4700::1111'],
  });
  let t: TestApp;
  let manager: TestSession;
  let viewer: TestSession;
  beforeAll(async () => {
    t = await startTestApp(engine, {}, { resolveHost: resolver.resolve });
    manager = await signedInAs(t, 'manager');
    viewer = await signedInAs(t, 'viewer');
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (app: TestApp, as: TestSession, url: string) =>
    app.app.inject({
      method: 'POST',
      url: '/admin/api/webhooks/endpoints',
      headers: as.headers(true),
      payload: { url },
    });

  it.each(INSIDE)('refuses %s when it is added', async (url) => {
    const res = await add(t, manager, url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.url).toMatch(/^must not point inside the server’s network: its host /);
  });

  it('refuses the server’s own addresses, a name that does not resolve, and adds nothing', async () => {
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((entry) => entry.address.split('%')[0]!);
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) {
      const host = isIP(address) === 6 ? `[${address}]` : address;
      const res = await add(t, manager, `http://${host}:3000/`);
      expect(res.statusCode, `${address}: ${res.body}`).toBe(400);
    }
    const unknown = await add(t, manager, 'http://nowhere.example/');
    expect(unknown.json().fields.url).toMatch(/its host nowhere\.example does not resolve/);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/admin/api/webhooks/endpoints',
      headers: viewer.headers(),
    });
    expect(listed.json().items).toEqual([]);
  });

  it('adds an endpoint whose every address is public', async () => {
    for (const url of [
      'http://public.example/hooks',
      'https://public6.example/hooks',
      `http://${PUBLIC}/hooks`,
      'https://[2606:4700:4700::1111]/hooks',
    ]) {
      const res = await add(t, manager, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    }
  });

  it('WEBHOOK_ALLOWED_HOSTS lets a named inside host through, and only it', async () => {
    const allowed = await startTestApp(
      engine,
      { WEBHOOK_ALLOWED_HOSTS: 'inside.example, 10.9.9.9:8080,[fd00::5]' },
      { resolveHost: resolver.resolve },
    );
    try {
      const who = await signedInAs(allowed, 'manager');
      for (const url of ['http://inside.example/', 'http://10.9.9.9:8080/', 'http://[fd00::5]/'])
        expect((await add(allowed, who, url)).statusCode, url).toBe(201);
      for (const url of ['http://10.9.9.9:8081/', 'http://10.9.9.9/', 'http://metadata.example/'])
        expect((await add(allowed, who, url)).statusCode, url).toBe(400);
    } finally {
      await allowed.close();
    }
  });

  it('in production takes HTTPS:// and refuses http, even with ALLOW_DEMO=1', async () => {
    const production = await startTestApp(
      engine,
      { NODE_ENV: 'production', ALLOW_DEMO: '1' },
      { resolveHost: resolver.resolve },
    );
    try {
      const who = await signedInAs(production, 'manager');
      expect((await add(production, who, 'HTTPS://public.example/hooks')).statusCode).toBe(201);
      const plain = await add(production, who, 'http://public.example/hooks');
      expect(plain.statusCode).toBe(400);
      expect(plain.json().fields.url).toBe(
        'must be an https URL: events carry customers’ names and addresses',
      );
      expect((await add(production, who, 'https://127.0.0.1:5432/')).statusCode).toBe(400);
    } finally {
      await production.close();
    }
  });
});

describe.each(engines())('a name whose answer changes after it was added, on %s', (engine) => {
  let listener: Awaited<ReturnType<typeof countingListener>>;
  beforeAll(async () => {
    listener = await countingListener();
  });
  afterAll(async () => {
    await listener.close();
  });

  const lead = (email: string) => ({
    firstName: 'Rita',
    lastName: 'Rebind',
    email,
    phone: '0412345678',
    formatted_address: '10 Smith Street, Darwin City NT 0800',
  });

  it('is refused in the delivery’s connection: nothing reaches the loopback receiver', async () => {
    const resolver = standInResolver({ 'rebind.example': [PUBLIC] });
    const t = await startTestApp(engine, {}, { resolveHost: resolver.resolve, clock: true });
    try {
      const manager = await signedInAs(t, 'manager');
      const viewer = await signedInAs(t, 'viewer');
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/webhooks/endpoints',
        headers: manager.headers(true),
        payload: { url: `http://rebind.example:${listener.port}/hooks` },
      });
      expect(res.statusCode, res.body).toBe(201);
      // The name now answers loopback, where the receiver listens.
      resolver.names['rebind.example'] = ['127.0.0.1'];
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/v1/public/leads',
        payload: lead('rita@example.com'),
      });
      expect(posted.statusCode).toBe(201);
      expect(await t.app.notifications.runOnce()).toBe(0);
      expect(listener.connections()).toBe(0);
      const [row] = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
      expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_status: null });
      expect(row!.last_error).toBe('refused: its host rebind.example is an inside address');

      // A manager reads why; a viewer sees only that it is not delivered.
      const list = (as: TestSession) =>
        t.app.inject({
          method: 'GET',
          url: '/admin/api/webhooks/deliveries',
          headers: as.headers(),
        });
      expect((await list(manager)).json().items[0]).toMatchObject({
        state: 'retrying',
        lastError: 'refused: its host rebind.example is an inside address',
      });
      expect((await list(viewer)).json().items[0]).toMatchObject({
        state: 'retrying',
        lastError: null,
        lastStatus: null,
      });
    } finally {
      await t.close();
    }
  });

  it('in production never reaches an endpoint stored with an http URL before the https rule', async () => {
    // Allowed inside, and ALLOW_DEMO=1: only the https rule stands between it and the receiver.
    const t = await startTestApp(
      engine,
      {
        NODE_ENV: 'production',
        ALLOW_DEMO: '1',
        WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${listener.port}`,
      },
      { clock: true, webhookTimeoutMs: 2_000 },
    );
    try {
      await t.database.db
        .insertInto('webhook_endpoints')
        .values({
          id: 'whe_old_http',
          url: `http://127.0.0.1:${listener.port}/hooks`,
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          event_types: ['lead.created'],
          description: 'stored before the https rule',
          created_at: t.clock.now,
          created_by: 'manager@example.com',
        })
        .execute();
      const before = listener.connections();
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/v1/public/leads',
        payload: lead('rita.plain@example.com'),
      });
      expect(posted.statusCode).toBe(201);
      expect(await t.app.notifications.runOnce()).toBe(0);
      expect(listener.connections()).toBe(before);
      const [row] = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
      expect(row).toMatchObject({
        endpoint_id: 'whe_old_http',
        attempts: 1,
        delivered_at: null,
        last_status: null,
        last_error:
          'This endpoint is not https: in production events are delivered over https only',
      });
      // Tried again like any failure, and refused again: a manager adds an https endpoint.
      t.clock.advance(3_600_000);
      await t.app.notifications.runOnce();
      expect(listener.connections()).toBe(before);
    } finally {
      await t.close();
    }
  });

  it('goes through to a host WEBHOOK_ALLOWED_HOSTS names (the same receiver is reached)', async () => {
    const resolver = standInResolver({ 'crm.internal': ['127.0.0.1'] });
    const t = await startTestApp(
      engine,
      { WEBHOOK_ALLOWED_HOSTS: `crm.internal:${listener.port}` },
      { resolveHost: resolver.resolve, clock: true, webhookTimeoutMs: 2_000 },
    );
    try {
      const manager = await signedInAs(t, 'manager');
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/webhooks/endpoints',
        headers: manager.headers(true),
        payload: { url: `http://crm.internal:${listener.port}/hooks` },
      });
      expect(res.statusCode, res.body).toBe(201);
      const before = listener.connections();
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/public/leads',
        payload: lead('rita.allowed@example.com'),
      });
      await t.app.notifications.runOnce();
      // The listener cuts every connection: not delivered, but reached.
      expect(listener.connections()).toBe(before + 1);
    } finally {
      await t.close();
    }
  });
});
