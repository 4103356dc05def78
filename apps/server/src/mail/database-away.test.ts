import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { prepare } from '../app/open-database.ts';
import { CLAIM_MS } from '../outbox/worker.ts';
import { engines, freshPostgres, startAppOn, testConfig } from '../test-support/app.ts';
import { prepareOrder } from '../test-support/order.ts';
import { refusingDatabase, writeOf } from '../test-support/refusing-database.ts';
import { preparedPglite } from '../test-support/snapshots.ts';
import {
  smtpEnv,
  startSmtpReceiver,
  type SmtpReceiver,
} from '../test-support/stand-ins/smtp-receiver.ts';
import { findMail } from './repository.ts';

/**
 * docs/rules/mail.md, "Sending and retries"; docs/decisions/017-mail-outbox.md, "Accepted, then
 * recorded": a mail the SMTP server accepted while the database refused to record it (a restart,
 * a failover) is kept in memory and recorded when the database returns, never sent again by the
 * server; only a process killed meanwhile lets it go again, with the same Message-ID.
 */

const PUBLIC_URL = 'https://signup.example.com';
const sentWrite = writeOf('mail_outbox', 'delivered_at');

/** Waits for `done` (looking every 25 ms, at most 10 s), and says whether it came. */
async function until(done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe.each(engines())('a mail accepted while the database is away, on %s', (engine) => {
  let smtp: SmtpReceiver;
  let database: Database;
  const apps: FastifyInstance[] = [];
  const clock = { now: new Date() };
  const config = () => testConfig({ ...smtpEnv(smtp), PUBLIC_URL });

  /** A fresh database for the test, migrated, with the demo catalogue. */
  async function open(): Promise<Database> {
    if (engine === 'pglite') return preparedPglite(config());
    const fresh = await freshPostgres();
    await prepare(fresh, config());
    return fresh;
  }

  /** An instance on `on`, on the test's clock; its rounds only when the test runs them. */
  async function instance(on: Database): Promise<FastifyInstance> {
    const app = await startAppOn(config(), on, { now: () => clock.now, mailPollMs: 600_000 });
    apps.push(app);
    return app;
  }

  async function placeOrder(app: FastifyInstance): Promise<string> {
    const { body } = await prepareOrder(app, { slotIndex: 0 }, clock.now);
    const res = await app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });
    expect(res.statusCode).toBe(201);
    return res.json<{ order_id: string }>().order_id;
  }

  const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.close();
    await smtp.close();
  });

  it('records it when the database takes the write again, and never sends it twice', async () => {
    smtp = await startSmtpReceiver();
    database = await open();
    const refusing = refusingDatabase(database);
    const app = await instance(refusing.database);
    const orderId = await placeOrder(app);

    // SMTP accepts; the write that records it is refused once (the connection cut under it).
    refusing.refuse(sentWrite);
    expect(await app.mail.runOnce()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(refusing.refused).toBe(1);

    // The database answers again: recorded, never a failed attempt sent again after its backoff,
    // nor after its claim ends.
    expect(
      await until(async () => (await findMail(database.db, orderId))[0]!.delivered_at !== null),
    ).toBe(true);
    advance(CLAIM_MS + 3_600_000);
    expect(await app.mail.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [row] = await findMail(database.db, orderId);
    expect(row).toMatchObject({
      attempts: 1,
      next_attempt_at: null,
      last_error: null,
      link_token: null,
    });
    expect(await app.metrics.text()).toMatch(/fibre_mail_total\{outcome="delivered"\} 1/);
    expect(await app.metrics.text()).not.toMatch(/fibre_mail_total\{outcome="failed"\} [1-9]/);
  });

  it('records it as the database returns, before its claim lets another instance send it', async () => {
    smtp = await startSmtpReceiver();
    database = await open();
    const refusing = refusingDatabase(database);
    const first = await instance(refusing.database);
    const other = await instance(database);
    const orderId = await placeOrder(first);

    // The database goes away just as the first instance records the accepted mail.
    refusing.awayFrom(sentWrite);
    expect(await first.mail.runOnce()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    // Away for longer than the claim: the first instance's rounds fail, and claim nothing.
    advance(CLAIM_MS + 1_000);
    await expect(first.mail.runOnce()).rejects.toThrow(/database/);
    expect((await findMail(database.db, orderId))[0]!.delivered_at).toBeNull();

    // It returns: the first instance records the mail by itself (no round of its own runs),
    // before the other claims anything.
    refusing.away = false;
    expect(
      await until(async () => (await findMail(database.db, orderId))[0]!.delivered_at !== null),
    ).toBe(true);
    expect(await other.mail.runOnce()).toBe(0);
    expect(await first.mail.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('sends it again with the same Message-ID when the instance died before recording it', async () => {
    smtp = await startSmtpReceiver();
    database = await open();
    const refusing = refusingDatabase(database);
    const first = await instance(refusing.database);
    const orderId = await placeOrder(first);
    refusing.awayFrom(sentWrite);
    expect(await first.mail.runOnce()).toBe(1);

    // The instance ends while the database is away (its memory gone, as a kill -9 loses it).
    await apps.splice(apps.indexOf(first), 1)[0]!.close();
    refusing.away = false;
    expect((await findMail(database.db, orderId))[0]!.delivered_at).toBeNull();

    // Another instance sends it once its claim ends: the same mail, the same Message-ID.
    const other = await instance(database);
    expect(await other.mail.runOnce()).toBe(0);
    advance(CLAIM_MS + 1_000);
    expect(await other.mail.runOnce()).toBe(1);
    const [row] = await findMail(database.db, orderId);
    expect(row!.delivered_at).not.toBeNull();
    expect(smtp.messages).toHaveLength(2);
    const ids = smtp.messages.map((m) => m.messageId);
    expect(ids).toEqual([`<${row!.id}@demo-fibre.example>`, `<${row!.id}@demo-fibre.example>`]);
    expect(smtp.messages[1]!.subject).toBe(smtp.messages[0]!.subject);
    expect(smtp.messages[1]!.date).toEqual(smtp.messages[0]!.date);
  });
});
