import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import {
  AUTH_KEY,
  AUTH_TOKEN,
  startArrivy,
  type ArrivyStandIn,
} from '../test-support/stand-ins/arrivy.ts';
import { arrivyEnv } from '../test-support/stand-ins/env.ts';
import { arrivyScheduler } from './arrivy.ts';
import type { ExternalCalendar } from './calendar.ts';

/**
 * Cancelling an order's installer task in Arrivy (docs/rules/operators.md#acting-on-orders): a
 * CANCELLED status reported on each of the order's tasks (POST /api/tasks/{id}/status/new), none
 * when it is already cancelled or there is no task, so a second try is harmless.
 */
describe('Arrivy: cancelling the installer task', () => {
  let arrivy: ArrivyStandIn;
  let calendar: ExternalCalendar;
  const at = new Date('2026-11-24T01:02:03.456Z');
  beforeAll(async () => {
    arrivy = await startArrivy();
    const env = arrivyEnv(arrivy);
    const settings = {
      authKey: env.ARRIVY_AUTH_KEY,
      authToken: env.ARRIVY_AUTH_TOKEN,
      apiBase: env.ARRIVY_API_BASE,
    };
    // Only the calendar is used: the database is never reached.
    const ctx = { newId: () => 'unused' } as unknown as AppContext;
    calendar = arrivyScheduler(ctx, settings).calendar as ExternalCalendar;
  });
  afterAll(() => arrivy.close());
  beforeEach(() => {
    arrivy.requests.length = 0;
    arrivy.faults.clear();
  });
  const calls = () => arrivy.requests.map((r) => `${r.method} ${r.path}`);

  it('reports CANCELLED on the order’s task, once', async () => {
    arrivy.tasks.push({ id: 42, external_id: 'order-1', status: 'NOTSTARTED' });
    await calendar.cancelTask('order-1', at);
    expect(calls()).toEqual(['GET /api/tasks', 'POST /api/tasks/42/status/new']);
    const [lookup, report] = arrivy.requests;
    expect(lookup!.query.get('external_id')).toBe('order-1');
    expect(report!.headers['x-auth-key']).toBe(AUTH_KEY);
    expect(report!.headers['x-auth-token']).toBe(AUTH_TOKEN);
    expect(Object.fromEntries(report!.form)).toMatchObject({
      type: 'CANCELLED',
      time: '2026-11-24T01:02:03+00:00',
    });
    expect(arrivy.tasks.find((x) => x.id === 42)).toMatchObject({ status: 'CANCELLED' });

    arrivy.requests.length = 0;
    await calendar.cancelTask('order-1', at);
    expect(calls()).toEqual(['GET /api/tasks']);
  });

  it('has nothing to do for an order without a task', async () => {
    await calendar.cancelTask('order-without-task', at);
    expect(calls()).toEqual(['GET /api/tasks']);
  });

  it('throws when Arrivy refuses the status or cannot be reached', async () => {
    arrivy.tasks.push({ id: 43, external_id: 'order-2', status: 'NOTSTARTED' });
    arrivy.faults.fail('POST', /\/status\/new$/, { status: 500, body: { description: 'down' } }, 1);
    await expect(calendar.cancelTask('order-2', at)).rejects.toThrow('Arrivy answered 500: down');
    arrivy.faults.fail('GET', /^\/api\/tasks$/, 'drop', 1);
    await expect(calendar.cancelTask('order-2', at)).rejects.toThrow(/Arrivy did not answer/);
    expect(arrivy.tasks.find((x) => x.id === 43)).toMatchObject({ status: 'NOTSTARTED' });
  });
});
