import { createHash } from 'node:crypto';
import {
  capitaliseName,
  contactSchema,
  firstIssues,
  installBodySchema,
  messages,
  normaliseMobile,
  toInstant,
  type InstallBody,
} from '@fibre/domain';
import type { AppContext } from '../context.ts';
import type { BillingAdapter } from '../adapters/billing.ts';
import type { CalendarAdapter } from '../adapters/calendar.ts';
import { HttpError } from '../errors.ts';
import { consumeReservation } from '../repositories/reservations.ts';
import { claimIdempotencyKey, insertOrder, saveIdempotentAnswer } from '../repositories/orders.ts';
import { priceOrder } from './price-order.ts';

export interface InstallAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface InstallDeps {
  ctx: AppContext;
  billing: BillingAdapter;
  calendar: CalendarAdapter;
}

const bookingExpired = () => new HttpError(409, 'booking_expired', messages.bookingExpired);

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
 * Places an order as one unit of work (PRODUCT.md section 4): the hold becomes a booking, the order,
 * its billing customer and subscription and its installer task are written in ONE transaction, or
 * nothing is. A repeated Idempotency-Key with the same body answers what the first request got.
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

  return ctx.database.db.transaction().execute(async (trx) => {
    if (idempotencyKey !== undefined) {
      const earlier = await claimIdempotencyKey(trx, idempotencyKey, requestHash, now);
      if (earlier) {
        if (earlier.request_hash !== requestHash) {
          throw new HttpError(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was used for a different order',
          );
        }
        return { status: earlier.status_code, body: earlier.response };
      }
    }
    const priced = await priceOrder(trx, ctx.config.provider.code, body, extra);
    const held = await consumeReservation(trx, body.reservation_id, now);
    if (!held || held.event_id !== body.event_id) throw bookingExpired();
    const a = body.arrivy_booking;
    if (toInstant(a.start_datetime).getTime() !== held.starts_at.getTime()) {
      throw new HttpError(
        422,
        'booking_mismatch',
        'The installation time does not match your reservation',
        {
          'arrivy_booking.start_datetime': 'The installation time does not match your reservation',
        },
      );
    }

    const orderId = ctx.newId();
    const firstName = capitaliseName(a.customer_first_name);
    const lastName = capitaliseName(a.customer_last_name);
    await insertOrder(trx, {
      id: orderId,
      reservation_id: body.reservation_id,
      building_code: priced.buildingCode,
      plan_id: priced.planId,
      router_id: priced.routerId,
      add_ons: priced.addOns,
      coupon_id: priced.couponId,
      monthly_cents: priced.monthlyCents,
      activation_cents: priced.activationCents,
      card_fee_cents: priced.cardFeeCents,
      email: a.customer_email,
      contact: JSON.stringify({
        firstName,
        lastName,
        email: a.customer_email,
        phone: normaliseMobile(a.customer_mobile_number),
      }),
      status: 'confirmed',
      created_at: now,
    });
    await deps.billing.subscribe(
      trx,
      {
        orderId,
        firstName,
        lastName,
        email: a.customer_email,
        cardToken: body.charge_bee.tmp_token,
        planId: priced.planId,
        routerId: priced.routerId,
        addOns: priced.addOns,
        couponId: priced.couponId,
        monthlyCents: priced.monthlyCents,
        startDate: new Date(body.charge_bee.start_date),
      },
      now,
    );
    await deps.calendar.createTask(
      trx,
      {
        orderId,
        reservationId: body.reservation_id,
        eventId: held.event_id,
        state: held.state,
        startsAt: held.starts_at,
        endsAt: held.ends_at,
        booking: { ...a, customer_first_name: firstName, customer_last_name: lastName },
      },
      now,
    );
    const answer = { status: 201, body: { success: true, order_id: orderId } };
    if (idempotencyKey !== undefined)
      await saveIdempotentAnswer(trx, idempotencyKey, answer.status, answer.body);
    return answer;
  });
}
