import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForMetrics, type MetricsListener } from '../metrics/listener.ts';
import { startTestApp, type TestApp } from '../test-support/app.ts';
import { sample } from '../test-support/metrics.ts';
import { prepareOrder } from '../test-support/order.ts';
import {
  smtpEnv,
  startSmtpReceiver,
  type SmtpReceiver,
} from '../test-support/stand-ins/smtp-receiver.ts';

// fibre_mail_outbox_oldest_undelivered_seconds (README, Metrics; docs/rules/mail.md): how long the
// oldest mail still to be sent has waited, read from the database at each scrape, 0 when none.

describe('the outbox backlog gauge', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let listener: MetricsListener;
  beforeAll(async () => {
    smtp = await startSmtpReceiver({ refusals: 1 });
    t = await startTestApp(
      'pglite',
      { ...smtpEnv(smtp), PUBLIC_URL: 'https://signup.example.com' },
      { clock: true },
    );
    listener = await listenForMetrics(t.app.metrics, '127.0.0.1', 0, t.app.log);
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
    await smtp.close();
  });

  const oldest = async () => {
    const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    expect(res.status).toBe(200);
    return sample(await res.text(), 'fibre_mail_outbox_oldest_undelivered_seconds');
  };

  it('is 0 with nothing waiting, the age of a mail refused and waiting, and 0 once it is sent', async () => {
    expect(await oldest()).toBe(0);

    const { body } = await prepareOrder(t.app, { slotIndex: 0 }, t.clock.now);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
    expect(res.statusCode).toBe(201);
    t.clock.advance(90_000);
    expect(await oldest()).toBe(90);

    // Refused once (451): still waiting, still as old.
    expect(await t.app.mail.runOnce()).toBe(0);
    t.clock.advance(15_000);
    expect(await oldest()).toBe(105);

    expect(await t.app.mail.runOnce()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(await oldest()).toBe(0);
  });
});
