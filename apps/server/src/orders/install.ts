import { createHash } from 'node:crypto';
import {
  contactSchema,
  firstIssues,
  installBodySchema,
  messages,
  type InstallBody,
} from '@fibre/domain';
import { HttpError } from '../errors.ts';
import { claimIdempotencyKey, saveIdempotentAnswer } from '../repositories/orders.ts';
import { installExternally } from './install-external.ts';
import {
  keyReused,
  subscriptionRequest,
  taskRequest,
  writeOrder,
  type InstallAnswer,
  type InstallDeps,
} from './write-order.ts';

export type { InstallAnswer, InstallDeps } from './write-order.ts';

/** Stable across key order, so a retry of the same body hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The contact rules of SPEC.md 5, run again on what the install carries. */
function checkContact(body: InstallBody, extra: Map<string, string>): void {
  const a = body.arrivy_booking;
  const result = contactSchema.safeParse({
    firstName: a.customer_first_name,
    lastName: a.customer_last_name,
    email: a.customer_email,
    confirmEmail: a.customer_email,
    phone: a.customer_mobile_number,
    howDidYouHearAboutUs: extra.get('How Did You Hear About Us?') ?? '',
  });
  if (!result.success) {
    const fields = firstIssues(result);
    throw new HttpError(400, 'invalid_input', Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  if (extra.get('I Agree to the Terms and Conditions') !== 'YES') {
    throw new HttpError(400, 'invalid_input', messages.termsRequired, {
      terms: messages.termsRequired,
    });
  }
}

/**
 * Places an order as one unit of work (PRODUCT.md section 4). With the embedded ledger and
 * calendar, the hold becomes a booking, and the order, its billing customer and subscription and
 * its installer task are written in ONE transaction, or nothing is. With an external service
 * (Chargebee, Arrivy) that cannot join a transaction, install-external.ts runs the same steps as
 * a saga. A repeated Idempotency-Key with the same body answers what the first request got.
 */
export async function install(
  deps: InstallDeps,
  rawBody: unknown,
  idempotencyKey: string | undefined,
): Promise<InstallAnswer> {
  const { ctx } = deps;
  const parsed = installBodySchema.safeParse(rawBody);
  if (!parsed.success) {
    const fields = firstIssues(parsed);
    throw new HttpError(400, 'invalid_input', Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  const body = parsed.data;
  const extra = new Map(body.arrivy_booking.template_extra_fields.map((f) => [f.name, f.value]));
  checkContact(body, extra);
  const requestHash = createHash('sha256').update(canonical(rawBody)).digest('hex');
  const now = ctx.now();

  if (deps.billing.kind === 'external' || deps.calendar.kind === 'external') {
    return installExternally(deps, { body, extra, requestHash, idempotencyKey, now });
  }
  const { billing, calendar } = deps;
  return ctx.database.db.transaction().execute(async (trx) => {
    if (idempotencyKey !== undefined) {
      const earlier = await claimIdempotencyKey(trx, idempotencyKey, requestHash, now);
      if (earlier) {
        if (earlier.request_hash !== requestHash) throw keyReused();
        return { status: earlier.status_code, body: earlier.response };
      }
    }
    const order = await writeOrder(trx, ctx, body, extra, now, 'confirmed');
    await billing.subscribe(trx, subscriptionRequest(order, body), now);
    await calendar.createTask(trx, taskRequest(order, body), now);
    const answer = { status: 201, body: { success: true, order_id: order.orderId } };
    if (idempotencyKey !== undefined)
      await saveIdempotentAnswer(trx, idempotencyKey, answer.status, answer.body);
    return answer;
  });
}
