import type pg from 'pg';
import { exactlyOnce, repeatsByFault, type FaultWindow } from './plan.ts';
import type { MailReceipt, WebhookDelivery } from './sinks.ts';

/*
 * What must hold after the soak, read from its database and its sinks (bench/README.md, "Soak"):
 * no window over its capacity (docs/rules/installation-and-holds.md: a hold or a booking never
 * takes a window past its crews), every order with its booking and its billing, every confirmed
 * order's confirmation received once by the SMTP sink (docs/rules/mail.md), every webhook event
 * received once (docs/rules/webhooks.md).
 */

export interface Invariant {
  name: string;
  held: boolean;
  counts: string;
  /** When broken: what the rows say of why. */
  cause: string;
}

export interface SinkRecords {
  mail: MailReceipt[];
  webhooks: WebhookDelivery[];
  /** When each fault was under way, to tell which one a repeat came from. */
  faults: FaultWindow[];
}

export async function checkInvariants(db: pg.Client, sinks: SinkRecords): Promise<Invariant[]> {
  return [
    await windowsWithinCapacity(db),
    await ordersComplete(db),
    await confirmationsOnce(db, sinks.mail, sinks.faults),
    await webhooksOnce(db, sinks.webhooks, sinks.faults),
  ];
}

async function windowsWithinCapacity(db: pg.Client): Promise<Invariant> {
  // Taken: booked (consumed), or held and not yet expired, as the holds' own SQL counts
  // (apps/server/src/scheduling/repository/reservations.ts).
  const { rows } = await db.query<{ windows: string; over: string; crew_twice: string }>(`
    WITH taken AS (
      SELECT r.window_id, r.crew_id FROM reservations r
      WHERE r.status = 'consumed' OR (r.status = 'held' AND r.expires_at > now())
    ), per_window AS (
      SELECT w.id, w.capacity, count(t.window_id) AS n FROM slot_windows w
      JOIN taken t ON t.window_id = w.id GROUP BY w.id, w.capacity
    )
    SELECT (SELECT count(*) FROM per_window) AS windows,
           (SELECT count(*) FROM per_window WHERE n > capacity) AS over,
           (SELECT count(*) FROM (SELECT 1 FROM taken GROUP BY window_id, crew_id
              HAVING count(*) > 1) c) AS crew_twice`);
  const r = rows[0]!;
  const over = Number(r.over);
  const twice = Number(r.crew_twice);
  return {
    name: 'No installation window over its capacity, no crew twice in a window',
    held: over === 0 && twice === 0,
    counts: `${r.windows} windows taken; ${over} over capacity; ${twice} crews twice in a window`,
    cause: over || twice ? 'see the windows with more taken places than crews' : '',
  };
}

async function ordersComplete(db: pg.Client): Promise<Invariant> {
  const { rows } = await db.query<{
    status: string;
    orders: string;
    no_booking: string;
    no_billing: string;
    extra: string;
  }>(`
    SELECT o.status, count(*) AS orders,
      count(*) FILTER (WHERE b.n IS NULL) AS no_booking,
      count(*) FILTER (WHERE s.n IS NULL) AS no_billing,
      count(*) FILTER (WHERE b.n > 1 OR s.n > 1) AS extra
    FROM orders o
    LEFT JOIN (SELECT order_id, count(*) AS n FROM bookings GROUP BY order_id) b ON b.order_id = o.id
    LEFT JOIN (SELECT order_id, count(*) AS n FROM billing_subscriptions GROUP BY order_id) s
      ON s.order_id = o.id
    GROUP BY o.status ORDER BY o.status`);
  const missing = rows.reduce(
    (n, r) => n + Number(r.no_booking) + Number(r.no_billing) + Number(r.extra),
    0,
  );
  const notConfirmed = rows.filter((r) => r.status !== 'confirmed');
  const counts = rows
    .map(
      (r) =>
        `${r.status} ${r.orders} (without booking ${r.no_booking}, without billing ${r.no_billing}, with two ${r.extra})`,
    )
    .join('; ');
  return {
    name: 'No order without its booking and its billing (one of each)',
    held: missing === 0 && notConfirmed.every((r) => r.status === 'cancelled'),
    counts: counts || 'no orders',
    cause:
      missing || notConfirmed.length
        ? `orders not confirmed: ${notConfirmed.map((r) => `${r.status} ${r.orders}`).join(', ') || 'none'}; an order left pending or needs_attention was cut short (an instance killed or the database restarted during its install) and not resumed by a retry (docs/rules/orders.md)`
        : '',
  };
}

async function confirmationsOnce(
  db: pg.Client,
  mail: MailReceipt[],
  faults: FaultWindow[],
): Promise<Invariant> {
  const { rows } = await db.query<{
    id: string;
    reference: string;
    attempts: number;
    delivered: boolean;
    last_error: string | null;
  }>(`
    SELECT m.id, o.reference, m.attempts, m.delivered_at IS NOT NULL AS delivered, m.last_error
    FROM orders o LEFT JOIN mail_outbox m ON m.order_id = o.id AND m.kind = 'order.confirmation'
    WHERE o.status = 'confirmed'`);
  const byMail = new Map(rows.filter((r) => r.id).map((r) => [r.id, r]));
  const noMail = rows.filter((r) => !r.id).length;
  // Message-ID is `<mail row id@MAIL_FROM's domain>` (docs/rules/mail.md).
  const seen = mail.map((m) => m.messageId.split('@')[0]!);
  const once = exactlyOnce(byMail.keys(), seen);
  const repeatedRetried = once.repeated.filter(
    ([id]) => (byMail.get(id)?.attempts ?? 0) > 1,
  ).length;
  const undelivered = once.missing.filter((id) => !byMail.get(id)?.delivered).length;
  const held = noMail === 0 && once.missing.length === 0 && once.repeated.length === 0;
  const causes: string[] = [];
  if (noMail) causes.push(`${noMail} confirmed orders have no confirmation in the outbox`);
  if (once.missing.length)
    causes.push(
      `${once.missing.length} not received, ${undelivered} of them still unsent in the outbox (last error: ${rows.find((r) => r.id && once.missing.includes(r.id))?.last_error ?? 'none'})`,
    );
  if (once.repeated.length)
    causes.push(
      `${once.repeated.length} received more than once, ${repeatedRetried} of them sent in more than one attempt: the sink accepted a copy but the sender did not record it as sent (its instance killed, or the database restarted, before the row's mark; or the connection cut after the sink's answer), so it was sent again with the same Message-ID (docs/rules/mail.md); first copy received near: ${repeatsByFault(
        once.repeated.map(([id]) => mail.find((m) => m.messageId.startsWith(`${id}@`))!.at),
        faults,
      )}`,
    );
  return {
    name: "Every confirmed order's confirmation received exactly once by the SMTP sink",
    held,
    counts: `${rows.length} confirmed orders; ${seen.length} messages received (${mail.length - seen.filter((id) => byMail.has(id)).length} of other mail: reminders, changes); ${once.missing.length} missing, ${once.repeated.length} repeated`,
    cause: causes.join('; '),
  };
}

async function webhooksOnce(
  db: pg.Client,
  deliveries: WebhookDelivery[],
  faults: FaultWindow[],
): Promise<Invariant> {
  const { rows } = await db.query<{
    event_id: string;
    type: string;
    attempts: number;
    delivered: boolean;
    last_error: string | null;
  }>(`
    SELECT d.event_id, e.type, d.attempts, d.delivered_at IS NOT NULL AS delivered, d.last_error
    FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
    WHERE d.endpoint_id = 'configured'`);
  const byEvent = new Map(rows.map((r) => [r.event_id, r]));
  const once = exactlyOnce(
    byEvent.keys(),
    deliveries.map((d) => d.webhookId),
  );
  const retried = once.repeated.filter(([id]) => (byEvent.get(id)?.attempts ?? 0) > 1).length;
  const types = [...new Set(rows.map((r) => r.type))].join(', ');
  const causes: string[] = [];
  if (once.missing.length)
    causes.push(
      `${once.missing.length} not received, ${once.missing.filter((id) => !byEvent.get(id)?.delivered).length} of them still undelivered (last error: ${rows.find((r) => once.missing.includes(r.event_id))?.last_error ?? 'none'})`,
    );
  if (once.repeated.length)
    causes.push(
      `${once.repeated.length} received more than once, ${retried} of them in more than one attempt: the receiver took a copy but the sender did not record it as delivered (its instance killed, or the database restarted, before the mark; or the connection cut after the receiver's answer, which the sender sees as no answer), so it was sent again with the same webhook-id, which a Standard Webhooks receiver dedupes (docs/rules/webhooks.md); first copy received near: ${repeatsByFault(
        once.repeated.map(([id]) => deliveries.find((d) => d.webhookId === id)!.at),
        faults,
      )}`,
    );
  if (once.unexpected.length)
    causes.push(`${once.unexpected.length} webhook-ids received that no delivery row names`);
  return {
    name: 'Every webhook event delivered exactly once (by webhook-id at the receiver)',
    held: once.missing.length === 0 && once.repeated.length === 0 && once.unexpected.length === 0,
    counts: `${rows.length} events to OPS_WEBHOOK_URL (${types || 'none'}); ${deliveries.length} deliveries received; ${once.missing.length} missing, ${once.repeated.length} repeated`,
    cause: causes.join('; '),
  };
}
