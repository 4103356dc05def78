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

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The extra named fields of a body that may not have passed its shape check. */
function extraFieldsOf(booking: Record<string, unknown>): Map<string, string> {
  const list = Array.isArray(booking.template_extra_fields) ? booking.template_extra_fields : [];
  return new Map(
    list
      .map(asRecord)
      .filter((f) => typeof f.name === 'string' && typeof f.value === 'string')
      .map((f) => [f.name as string, f.value as string]),
  );
}

const extraPath = (name: string) => `arrivy_booking.template_extra_fields.${name}`;
const contactPaths: Record<string, string> = {
  firstName: 'arrivy_booking.customer_first_name',
  lastName: 'arrivy_booking.customer_last_name',
  email: 'arrivy_booking.customer_email',
  confirmEmail: 'arrivy_booking.customer_email',
  phone: 'arrivy_booking.customer_mobile_number',
  howDidYouHearAboutUs: extraPath('How Did You Hear About Us?'),
};

/**
 * The contact rules (docs/rules/contact-and-connection.md), run again on what the install carries,
 * under the body's own field names. Run on the raw body, so their messages join the shape's in one
 * answer.
 */
function contactIssues(rawBody: unknown): Record<string, string> {
  const booking = asRecord(asRecord(rawBody).arrivy_booking);
  const extra = extraFieldsOf(booking);
  const result = contactSchema.safeParse({
    firstName: booking.customer_first_name,
    lastName: booking.customer_last_name,
    email: booking.customer_email,
    confirmEmail: booking.customer_email,
    phone: booking.customer_mobile_number,
    howDidYouHearAboutUs: extra.get('How Did You Hear About Us?') ?? '',
  });
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(result.success ? {} : firstIssues(result))) {
    fields[contactPaths[field] ?? field] ??= message;
  }
  if (extra.get('I Agree to the Terms and Conditions') !== 'YES') {
    fields[extraPath('I Agree to the Terms and Conditions')] = messages.termsRequired;
  }
  return fields;
}

/** The body's shape and the contact rules together: one 400 names every invalid field. */
function checkBody(rawBody: unknown): InstallBody {
  const parsed = installBodySchema.safeParse(rawBody);
  // The contact rules' messages are the product's own (docs/rules/contact-and-connection.md): they
  // win over the shape's.
  const fields = { ...(parsed.success ? {} : firstIssues(parsed)), ...contactIssues(rawBody) };
  const first = Object.values(fields)[0];
  if (first !== undefined || !parsed.success) {
    throw new HttpError(400, 'invalid_input', first ?? 'Invalid input', fields);
  }
  return parsed.data;
}

/**
 * Places an order as one unit of work (docs/rules/orders.md). With the embedded ledger and
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
  // Every way an install fails, counted by cause (README, Metrics).
  return placeOrder(deps, rawBody, idempotencyKey).catch((error: unknown) => {
    deps.ctx.metrics.installFailed(error);
    throw error;
  });
}

async function placeOrder(
  deps: InstallDeps,
  rawBody: unknown,
  idempotencyKey: string | undefined,
): Promise<InstallAnswer> {
  const { ctx } = deps;
  const body = checkBody(rawBody);
  const extra = new Map(body.arrivy_booking.template_extra_fields.map((f) => [f.name, f.value]));
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
