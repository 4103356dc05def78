import type { InstallBody } from '@fibre/domain/install';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';
import { sample, scrape } from '../test-support/metrics.ts';
import { prepareOrder, type OrderOptions } from '../test-support/order.ts';
import { startArrivy, type ArrivyStandIn } from '../test-support/stand-ins/arrivy.ts';
import { startChargebee, type ChargebeeStandIn } from '../test-support/stand-ins/chargebee.ts';
import { arrivyEnv, chargebeeEnv } from '../test-support/stand-ins/env.ts';

// Orders by status, install failures by cause, and adapter calls (README, Metrics).

const install = (t: TestApp, body: InstallBody | object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });

/** The figures a test compares before and after. */
async function figures(t: TestApp) {
  const text = await scrape(t.app);
  return {
    orders: (status: string) => sample(text, 'fibre_orders', { status }),
    failures: (cause: string) => sample(text, 'fibre_install_failures_total', { cause }) ?? 0,
    calls: (adapter: string, operation: string, outcome: string) =>
      sample(text, 'fibre_adapter_call_duration_seconds_count', { adapter, operation, outcome }) ??
      0,
    errors: (adapter: string, operation: string) =>
      sample(text, 'fibre_adapter_errors_total', { adapter, operation }) ?? 0,
    text,
  };
}

describe.each(engines())('order metrics with the embedded ledger and calendar on %s', (engine) => {
  let t: TestApp;
  let slot = 0;
  beforeAll(async () => {
    t = await startTestApp(engine, { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
  });
  afterAll(() => t.close());
  const order = async (options: OrderOptions = {}) =>
    (await prepareOrder(t.app, { slotIndex: slot++, ...options }, t.clock.now)).body;

  it('shows an order in the orders gauge, every status present, and times its adapter calls', async () => {
    const before = await figures(t);
    expect(before.orders('pending')).toBe(0);
    expect(before.orders('needs_attention')).toBe(0);
    expect((await install(t, await order())).statusCode).toBe(201);
    const after = await figures(t);
    expect(after.orders('confirmed')).toBe(before.orders('confirmed')! + 1);
    expect(after.orders('needs_attention')).toBe(0);
    expect(after.calls('billing', 'subscribe', 'ok')).toBe(1);
    expect(after.calls('calendar', 'createTask', 'ok')).toBe(1);
    expect(after.calls('scheduling', 'hold', 'ok')).toBeGreaterThanOrEqual(1);
    expect(sample(after.text, 'fibre_install_failures_total')).toBeUndefined();
  });

  it('counts a declined card as payment_declined, and not as an adapter error', async () => {
    const before = await figures(t);
    const res = await install(t, await order({ card: '4005 5192 0000 0004' }));
    expect(res.statusCode).toBe(402);
    const after = await figures(t);
    expect(after.failures('payment_declined')).toBe(before.failures('payment_declined') + 1);
    expect(after.calls('billing', 'subscribe', 'ok')).toBe(
      before.calls('billing', 'subscribe', 'ok') + 1,
    );
    expect(after.errors('billing', 'subscribe')).toBe(0);
  });

  it('counts an expired hold as booking_expired', async () => {
    const body = await order();
    const before = await figures(t);
    t.clock.advance(601_000);
    const res = await install(t, body);
    t.clock.advance(-601_000);
    expect(res.statusCode).toBe(409);
    expect((await figures(t)).failures('booking_expired')).toBe(
      before.failures('booking_expired') + 1,
    );
  });

  it('does not count bad input as a failed install', async () => {
    const before = await figures(t);
    expect((await install(t, { nothing: 'here' })).statusCode).toBe(400);
    const after = await figures(t);
    expect(sample(after.text, 'fibre_install_failures_total')).toBe(
      sample(before.text, 'fibre_install_failures_total'),
    );
  });
});

describe('order metrics with Chargebee and Arrivy', () => {
  let t: TestApp;
  let cb: ChargebeeStandIn;
  let arrivy: ArrivyStandIn;
  let n = 0;
  beforeAll(async () => {
    [cb, arrivy] = await Promise.all([startChargebee(), startArrivy()]);
    t = await startTestApp(
      'pglite',
      { ...chargebeeEnv(cb), ...arrivyEnv(arrivy) },
      { clock: true },
    );
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([cb.close(), arrivy.close()]);
  });
  beforeEach(() => {
    cb.faults.clear();
    arrivy.faults.clear();
  });
  const order = async () =>
    (await prepareOrder(t.app, { cardToken: `cb_tok_m${++n}`, slotIndex: n % 6 }, t.clock.now))
      .body;

  it('counts a billing service that fails as an adapter error and billing_unavailable', async () => {
    const body = await order();
    cb.faults.fail('POST', /subscription_for_items$/, { status: 500, body: {} }, 1);
    const res = await install(t, body);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('billing_unavailable');
    const after = await figures(t);
    expect(after.errors('billing', 'subscribe')).toBe(1);
    expect(after.calls('billing', 'subscribe', 'error')).toBe(1);
    expect(after.calls('billing', 'cancel', 'ok')).toBe(1);
    expect(after.failures('billing_unavailable')).toBe(1);
  });

  it('counts an order kept for a person once, and shows it in the needs_attention gauge', async () => {
    const body = await order();
    arrivy.faults.fail('POST', /^\/api\/tasks\/new$/, { status: 500, body: {} });
    cb.faults.fail('POST', /cancel_for_items$/, { status: 503, body: { message: 'busy' } });
    expect((await install(t, body)).statusCode).toBe(201);

    const other = await order();
    cb.faults.fail('POST', /subscription_for_items$/, 'drop', 1);
    cb.faults.fail('POST', /cancel_for_items$/, 'drop', 1);
    const kept = await install(t, other);
    expect(kept.json().error).toBe('order_needs_attention');

    const after = await figures(t);
    expect(after.failures('order_needs_attention')).toBe(2);
    expect(after.orders('needs_attention')).toBe(2);
    expect(after.errors('calendar', 'createTask')).toBe(1);
    expect(after.errors('billing', 'cancel')).toBe(2);
  });
});
