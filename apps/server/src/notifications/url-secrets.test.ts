import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, eventually, startTestApp, type TestApp } from '../test-support/app.ts';
import { signedInAs, type TestSession } from '../test-support/operators.ts';
import { urlHostOnly, withoutUrlSecrets } from './webhook.ts';

/**
 * docs/rules/webhooks.md#endpoints: an endpoint's URL may carry the receiver's credentials or
 * token (in its userinfo, path or query). A viewer sees its scheme and host only, a manager the
 * whole URL; a delivery's error, stored and logged, never holds those secrets.
 */

const SECRETS = ['hookuser', 'pa55word', 'tok_9f8e7d', 'q_s3cret'];
// Port 1 on loopback refuses the connection, so each delivery fails.
const URL_WITH_SECRETS = 'http://hookuser:pa55word@127.0.0.1:1/hooks/tok_9f8e7d?key=q_s3cret';

describe.each(engines())('webhook URLs with secrets on %s', (engine) => {
  let t: TestApp;
  let manager: TestSession;
  let viewer: TestSession;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(
      engine,
      { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', LOG_LEVEL: 'info' },
      { clock: true, logger: { stream } },
    );
    manager = await signedInAs(t, 'manager');
    viewer = await signedInAs(t, 'viewer');
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST', url: string, as: TestSession, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: as.headers(method !== 'GET'),
      ...(payload ? { payload } : {}),
    });

  const expectNoSecrets = (text: string) => {
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  };

  it('shows a viewer the host only and a manager the whole URL', async () => {
    const added = await api('POST', '/admin/api/webhooks/endpoints', manager, {
      url: URL_WITH_SECRETS,
      description: 'with secrets',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ endpoint: { url: URL_WITH_SECRETS } });

    const seen = await api('GET', '/admin/api/webhooks/endpoints', viewer);
    expect(seen.statusCode).toBe(200);
    expectNoSecrets(seen.body);
    expect(seen.json().items).toMatchObject([{ url: 'http://127.0.0.1:1' }]);

    const managed = await api('GET', '/admin/api/webhooks/endpoints', manager);
    expect(managed.json().items).toMatchObject([{ url: URL_WITH_SECRETS }]);
  });

  it('keeps the URL’s secrets out of the delivery’s error and the log', async () => {
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: {
        firstName: 'Jane',
        lastName: 'Citizen',
        email: 'jane.secrets@example.com',
        phone: '0412345678',
        formatted_address: '10 Smith Street, Darwin City NT 0800',
        message: '',
      },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    // And a stored URL that no longer parses, whose error would otherwise carry it.
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'whe_broken',
        url: 'http://hookuser:pa55word@[127.0.0.1/hooks/tok_9f8e7d?key=q_s3cret',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        description: 'broken',
        event_types: [],
        created_at: t.clock.now,
        created_by: 'test',
      })
      .execute();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/leads',
      payload: {
        firstName: 'John',
        lastName: 'Citizen',
        email: 'john.secrets@example.com',
        phone: '0412345679',
        formatted_address: '12 Smith Street, Darwin City NT 0800',
        message: '',
      },
    });
    expect(second.statusCode, second.body).toBe(201);

    let rows: Array<{ endpoint_id: string; last_error: string | null }> = [];
    const failed = async () => {
      await t.app.notifications.runOnce();
      rows = await t.database.db
        .selectFrom('webhook_deliveries')
        .select(['endpoint_id', 'last_error'])
        .where('attempts', '>', 0)
        .execute();
      return rows.some((r) => r.endpoint_id === 'whe_broken') && rows.length >= 2;
    };
    await expect.poll(failed, { timeout: 20_000 }).toBe(true);
    for (const row of rows) {
      expect(row.last_error).toEqual(expect.any(String));
      expectNoSecrets(row.last_error!);
    }
    await eventually(() => lines.some((line) => line.includes('webhook not delivered')));
    expectNoSecrets(lines.join(''));

    const listed = await api('GET', '/admin/api/webhooks/deliveries', manager);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.some((d: { lastError: string | null }) => d.lastError)).toBe(true);
    expectNoSecrets(listed.body);
  });
});

describe('a URL’s secrets in words', () => {
  it('keeps the scheme and host only', () => {
    expect(urlHostOnly('https://u:p@hooks.example.com:8443/a/b?c=d#e')).toBe(
      'https://hooks.example.com:8443',
    );
    expect(urlHostOnly('not a url')).toBe('(not a URL)');
  });

  it('takes the whole URL, its credentials, path and query out of an error', () => {
    const url = 'https://u%40x:p%3Ass@hooks.example.com/t/abc123?token=zz99';
    const said = withoutUrlSecrets(
      `failed ${url} as u@x with p:ss at /t/abc123?token=zz99 and ?token=zz99`,
      url,
    );
    for (const secret of ['u@x', 'u%40x', 'p:ss', 'p%3Ass', 'abc123', 'zz99']) {
      expect(said).not.toContain(secret);
    }
    expect(said).toContain('https://hooks.example.com');
  });
});
