import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/app.ts';

describe('the OpenAPI description at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('describes every endpoint of the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(
      [
        'GET /api/v1/public/config',
        'GET /api/v1/public/plans',
        'GET /api/v1/public/routers',
        'GET /api/v1/public/building/{code}/campaign',
        'GET /api/v1/public/building/{code}/units',
        'GET /api/v1/public/building/{code}/units/{unit}',
        'POST /api/v1/{provider}/coupon',
        'GET /api/v1/{provider}/coupon/{code}',
        'GET /api/v1/{provider}/referral/{code}',
        'POST /api/v1/public/leads',
        'POST /api/v1/{provider}/install',
        'GET /api/v1/public/orders/{token}',
        'POST /api/v1/public/orders/{token}/reschedule',
        'POST /api/v1/public/orders/{token}/cancel',
        // Finish later (docs/rules/mail.md#finish-later).
        'POST /api/v1/{provider}/signups/finish-later',
        'POST /api/v1/{provider}/signups/remind-me',
        'POST /api/v1/public/signups/resume/{token}',
        'POST /api/v1/public/signups/withdraw/{token}',
        'POST /api/v1/public/signups/new-link/{token}',
        'GET /api/v1/public/unsubscribe/{token}',
        'POST /api/v1/public/unsubscribe/{token}',
        'GET /api/v1/public/addresses',
        'POST /api/v1/public/address-lookup',
        'POST /portal/api/v1/buildings/search',
        'GET /portal/api/v1/buildings/{id}',
        'GET /api/v1/{provider}/bookings/{state}',
        'POST /api/v1/{provider}/reservations',
        'DELETE /api/v1/{provider}/reservations/{reservation_id}',
        'POST /api/v1/{provider}/reservations/{reservation_id}/extend',
        'POST /api/v1/test-vault/tokens',
        'GET /api/v1/test-vault/direct-debit',
        'POST /api/v1/test-vault/bank-accounts',
        'GET /healthz',
        'GET /readyz',
        'GET /api/docs',
        'POST /admin/api/session',
        'GET /admin/api/session',
        'DELETE /admin/api/session',
        'GET /admin/api/operators',
        'POST /admin/api/operators/{email}/unlock',
        'GET /admin/api/setup',
        'POST /admin/api/setup',
        'GET /admin/api/sign-in/options',
        'GET /admin/api/sign-in/oidc',
        'GET /admin/api/sign-in/oidc/callback',
        'GET /admin/api/orders',
        'GET /admin/api/orders/{id}',
        'GET /admin/api/leads',
        'GET /admin/api/leads.csv',
        'GET /admin/api/schedule',
        'GET /admin/api/holds',
        'DELETE /admin/api/holds/{id}',
        'POST /admin/api/leads/{id}/contacted',
        'DELETE /admin/api/leads/{id}/contacted',
        'GET /admin/api/offers',
        'POST /admin/api/orders/{id}/retry',
        'POST /admin/api/orders/{id}/resolve',
        'POST /admin/api/orders/{id}/cancel',
        'POST /admin/api/orders/{id}/link',
        'POST /admin/api/orders/{id}/link/mail',
        'POST /admin/api/orders/{id}/service',
        'GET /admin/api/webhooks/endpoints',
        'POST /admin/api/webhooks/endpoints',
        'POST /admin/api/webhooks/endpoints/{id}/disable',
        'POST /admin/api/webhooks/endpoints/{id}/enable',
        'GET /admin/api/webhooks/deliveries',
        'POST /admin/api/webhooks/deliveries/{id}/resend',
        'GET /admin/api/mail',
        'GET /admin/api/personal-data',
        'GET /admin/api/personal-data/export',
        'POST /admin/api/personal-data/correct',
        'POST /admin/api/personal-data/erase',
        'GET /admin/api/orders/changes',
        'GET /admin/api/leads/changes',
        'GET /admin/api/keys',
        'POST /admin/api/keys',
        'DELETE /admin/api/keys/{id}',
        // The funnel (docs/rules/funnel.md).
        'POST /api/v1/public/funnel',
        'GET /admin/api/funnel',
        'GET /admin/api/funnel.csv',
      ].sort(),
    );
  });

  it('documents an API key as a bearer beside the session, with the scope it needs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const scope of ['orders:read', 'orders:act', 'webhooks:manage'])
      expect(doc.components.securitySchemes.bearerAuth.description).toContain(`\`${scope}\``);
    // docs/rules/operators.md#api-keys: what no key may do, and what takes webhooks:manage.
    const sessionOnly = [
      'get /admin/api/session',
      'delete /admin/api/session',
      'get /admin/api/keys',
      'post /admin/api/keys',
      'delete /admin/api/keys/{id}',
      'post /admin/api/orders/{id}/link',
      'post /admin/api/operators/{email}/unlock',
      'get /admin/api/personal-data',
      'get /admin/api/personal-data/export',
      'post /admin/api/personal-data/correct',
      'post /admin/api/personal-data/erase',
    ];
    const webhooksManage = [
      'post /admin/api/webhooks/endpoints',
      'post /admin/api/webhooks/endpoints/{id}/disable',
      'post /admin/api/webhooks/endpoints/{id}/enable',
      'post /admin/api/webhooks/deliveries/{id}/resend',
    ];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, object>)) {
      if (!path.startsWith('/admin/api/')) continue;
      for (const [method, op] of Object.entries(ops as Record<string, { security: unknown }>)) {
        // Signing in (a password, the identity service, its options) and the setup are public.
        const signingIn =
          path === '/admin/api/setup' ||
          path.startsWith('/admin/api/sign-in') ||
          (path === '/admin/api/session' && method === 'post');
        if (signingIn) continue;
        const name = `${method} ${path}`;
        const scope = webhooksManage.includes(name)
          ? 'webhooks:manage'
          : method === 'get'
            ? 'orders:read'
            : 'orders:act';
        expect(op.security, name).toEqual(
          sessionOnly.includes(name)
            ? [{ operatorSession: [] }]
            : [{ operatorSession: [] }, { bearerAuth: [scope] }],
        );
      }
    }
  });

  it('documents the leads export as CSV text, not JSON', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const ok = doc.paths['/admin/api/leads.csv'].get.responses['200'];
    expect(ok.content).toEqual({ 'text/csv': { schema: { type: 'string' } } });
  });

  // docs/deploy.md, "When the database restarts": any call may find the database away.
  it('documents 503 database_unavailable on every operation, beside a route’s own 503', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    type Op = { responses: Record<string, { description: string }> };
    const ops = Object.values(doc.paths as Record<string, Record<string, Op>>).flatMap((path) =>
      Object.values(path),
    );
    expect(ops.length).toBeGreaterThan(20);
    for (const op of ops)
      expect(op.responses['503']?.description).toContain('database_unavailable');
    const hold = doc.paths['/api/v1/{provider}/reservations'].post as Op;
    expect(hold.responses['503']!.description).toMatch(
      /^The scheduling service \(Arrivy\) cannot be reached; or database_unavailable/,
    );
  });

  it('gives request bodies as JSON schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const install = doc.paths['/api/v1/{provider}/install'].post;
    expect(install.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'charge_bee',
    );
    expect(install.parameters).toContainEqual(
      expect.objectContaining({ name: 'provider', in: 'path' }),
    );
  });

  it('documents every route the app registers, each with an operationId, security and a 4xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    // Every route fastify knows (its route tree, read back into paths), but the wizard's page
    // and static files and the Prometheus metrics, which are not the API.
    const stack: string[] = [];
    const registered = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /^([│├└─\s]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
        if (!match) return [];
        const depth = match[1]!.length / 4;
        stack.length = depth;
        const parent = stack.at(-1) ?? '';
        const part = match[2]!;
        // A part that goes on a segment (`.csv` after `/admin/api/leads`) has no slash before it.
        const path =
          depth === 0
            ? part
            : parent.endsWith('/') || part.startsWith('/')
              ? `${parent.replace(/\/$/, '')}/${part.replace(/^\//, '')}`
              : `${parent}${part}`;
        stack.push(path);
        return match[3]!
          .split(', ')
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${path.replace(/:(\w+)/g, '{$1}')}`);
      })
      // Pages and their files are not the API: the wizard's, the console's (/admin, /admin/*)
      // the order page's (/order/<token>) and finish later's (/resume/<token>).
      .filter(
        (route) =>
          !/ \/(metrics|assets\/.*|index\.html|admin\.html|admin\/?\*?|order\.html|order\/\{token\}|resume\.html|resume\/\{token\}|favicon\.svg)?$/.test(
            route,
          ),
      );
    expect(registered.length).toBeGreaterThanOrEqual(20);
    for (const route of registered) {
      const [method, path] = route.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, route).toBeDefined();
      expect(op.operationId, route).toMatch(/^\w+$/);
      expect(Array.isArray(op.security), route).toBe(true);
      expect(
        Object.keys(op.responses).some((s) => /^4\d\d$/.test(s)),
        route,
      ).toBe(true);
    }
  });

  it('documents every webhook event: its Standard Webhooks headers and its versioned body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'lead.contacted',
      'lead.created',
      'order.cancelled',
      'order.confirmed',
      'order.needs_attention',
      'order.rescheduled',
      'order.resolved',
      'order.service_changed',
      'person.erased',
    ]);
    const cancelled = doc.webhooks['order.cancelled'].post;
    expect(cancelled.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = cancelled.requestBody.content['application/json'].schema;
    expect(body.properties.version).toMatchObject({ const: 1 });
    expect(body.properties.type).toMatchObject({ const: 'order.cancelled' });
    expect(body.properties.data.required).toEqual(
      expect.arrayContaining(['order_id', 'reference', 'sequence', 'cancelled_by']),
    );
  });

  it('passes the recommended rules of Redocly with no error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, res.body);
    // Throws (failing the test) when the CLI exits non-zero, as it does on any error.
    const out = execFileSync('npx', ['redocly', 'lint', '--extends', 'recommended', file], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(out).toBeDefined();
  }, 60_000);

  it('answers a browser with a page of its own, with no script and no outside asset', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.body).toContain('<h1>');
    expect(res.body).toContain('placeOrder');
    expect(res.body).toContain('/api/v1/{provider}/install');
    expect(res.body).not.toMatch(/<script|<link|src=|https?:\/\//i);
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { accept: 'application/json' },
    });
    expect(json.json().openapi).toBe('3.1.0');
  });

  it("is what the README's API table lists: every operation outside the console's API", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const described = Object.entries(doc.paths as Record<string, object>)
      .filter(([path]) => !path.startsWith('/admin/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(readmeApiTable().sort()).toEqual(described.sort());
  });
});

/** The operations the README's API table names, each `METHOD /path` without its query. */
function readmeApiTable(): string[] {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n## API\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z]+ [^`?]+)(\?[^`]*)?`/g)])
    .map((match) => match[1]!);
}
