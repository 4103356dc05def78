import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from '../test-support/app.ts';

/*
 * Issue 28 item 1: a client that writes the install body from the API's field list, not with the
 * wizard's builders, can order (docs/decisions/009-install-facts.md). Everything here is what an
 * outside client does by hand: it looks the building up, reads the plans and routers, lists the
 * free slots, holds one, tokenises a card and writes the body itself, with its own title, its own
 * echo fields and its own way of writing an amount. The domain's builders are deliberately not
 * used.
 */

interface Place {
  street_number: string;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
  unit: string;
}
const PYRMONT: Place = {
  street_number: '100',
  street: 'Harris Street',
  suburb: 'Pyrmont',
  state: 'NSW',
  postcode: '2009',
  unit: '12',
};
// Greenfield: the new development charge applies (catalogue/demo.yaml).
const ALKIMOS: Place = {
  street_number: '25',
  street: 'Ocean Drive',
  suburb: 'Alkimos',
  state: 'WA',
  postcode: '6038',
  unit: '',
};

type Body = {
  reservation_id: string;
  event_id: string;
  arrivy_booking: Record<string, unknown> & {
    template_extra_fields: Array<{ name: string; value: string }>;
  };
  charge_bee: Record<string, unknown>;
};

/** What the client writes differently from the wizard. */
interface Writing {
  title?: string | null;
  newActivationCharge?: string;
  /** The client's own text for the echo fields, or null to leave them out. */
  echoes?: Record<string, string> | null;
  routerCharge?: (cost: string) => string | number;
  monthlyCost?: (dollars: number) => string;
  speed?: (speed: number) => string;
}

describe.each(engines())('an install body written by another client on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { RESERVATION_HOLD_SECONDS: '600' }, { clock: true });
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, json: res.json() };
  };

  // Each order takes its own slot; a refused order leaves its hold, so slots are never reused.
  const taken = new Map<string, number>();

  /** Does what an outside client does, then writes the body by hand. */
  async function writeBody(place: Place, writing: Writing = {}): Promise<Body> {
    const lookup = await call('POST', '/api/v1/public/address-lookup', {
      formatted_address: `${place.street_number} ${place.street}, ${place.suburb} ${place.state} ${place.postcode}`,
      street_number: place.street_number,
      street: place.street,
      suburb: place.suburb,
      postcode: place.postcode,
    });
    expect(lookup.status).toBe(200);
    const code: string = lookup.json.data.uniqueCode;
    const greenfield = lookup.json.data.addressComponents.buildingCategory === 'greenfield';

    const plans = await call('GET', `/api/v1/public/plans?building-code=${code}`);
    const plan = (
      plans.json as Array<{ id: string; name: string; speed: number; cost: string }>
    ).find((p) => p.name === 'Boost 100')!;
    const routers = await call('GET', '/api/v1/public/routers');
    const router = (routers.json as Array<{ name: string; cost: string }>).find(
      (r) => r.name === 'Wi-Fi 6 Router',
    )!;

    const from = t.clock.now.toISOString();
    const to = new Date(t.clock.now.getTime() + 60 * 86_400_000).toISOString();
    const slots = await call(
      'GET',
      `/api/v1/demo/bookings/${place.state}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(slots.status).toBe(200);
    const index = taken.get(place.state) ?? 0;
    taken.set(place.state, index + 1);
    const slot = slots.json.booking_slots[index] as {
      booking_id: string;
      start: string;
      end: string;
    };
    const hold = await call('POST', '/api/v1/demo/reservations', {
      booking_id: slot.booking_id,
      start: slot.start,
      end: slot.end,
    });
    expect(hold.status).toBe(201);
    const card = await call('POST', '/api/v1/test-vault/tokens', {
      number: '4111 1111 1111 1111',
      expiry_month: 12,
      expiry_year: 2030,
      cvv: '123',
      name: 'Jane Citizen',
    });
    expect(card.status).toBe(201);

    // The end of the booking's day, where the slot is: its date and offset, at 23:59:59.999.
    const startDate = Date.parse(`${slot.start.slice(0, 10)}T23:59:59.999${slot.start.slice(19)}`);
    const monthly = Number(plan.cost) + Number(router.cost);
    const street = `${place.street_number} ${place.street}`;
    const echoes =
      writing.echoes === null
        ? {}
        : (writing.echoes ?? {
            'Contract Term': 'No lock-in',
            RSP: 'Demo Fibre',
            'Service Type': 'Home internet',
            Source: 'Partner portal',
          });
    const fields: Record<string, string> = {
      'Building Code': code,
      'I Agree to the Terms and Conditions': 'YES',
      'Marketing Emails': 'NO',
      ...echoes,
      Speed: writing.speed ? writing.speed(plan.speed) : String(plan.speed),
      'How Did You Hear About Us?': 'Search Engine',
      'Promo Code': '',
      'Referral Code': '',
      Router: router.name,
      'Monthly Cost': writing.monthlyCost ? writing.monthlyCost(monthly) : monthly.toFixed(2),
      'New Activation Charge': writing.newActivationCharge ?? (greenfield ? '300.00' : '0'),
      'Add-On': '',
    };
    const booking: Body['arrivy_booking'] = {
      customer_first_name: 'Jane',
      customer_last_name: 'Citizen',
      customer_email: 'jane@example.com',
      customer_mobile_number: '+61412345678',
      customer_address_line_1: place.unit,
      customer_address_line_2: street,
      customer_city: place.suburb,
      customer_state: place.state,
      customer_zipcode: place.postcode,
      customer_country: 'Australia',
      template_extra_fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
      start_datetime: slot.start,
      end_datetime: slot.end,
    };
    if (writing.title !== null) booking.title = writing.title ?? 'Install for Jane Citizen';
    return {
      reservation_id: hold.json.reservation_id,
      event_id: hold.json.event_id,
      arrivy_booking: booking,
      charge_bee: {
        start_date: startDate,
        first_name: 'Jane',
        last_name: 'Citizen',
        unit: place.unit,
        address: street,
        state: place.state,
        email: 'jane@example.com',
        postcode: place.postcode,
        phone: '+61412345678',
        suburb: place.suburb,
        plan_id: plan.id,
        tmp_token: card.json.token,
        coupon_id: null,
        coupon_type: null,
        service_id: code,
        router_charge: writing.routerCharge ? writing.routerCharge(router.cost) : router.cost,
        add_ons: greenfield ? ['new-development-fee'] : [],
      },
    };
  }

  const install = (body: Body) =>
    t.app.inject({ method: 'POST', url: '/api/v1/demo/install', payload: body });

  /** What the order kept: the installer task the local calendar holds, and the body's facts. */
  const kept = async (orderId: string) => {
    const { db } = t.database;
    const booking = await db
      .selectFrom('bookings')
      .select('task')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const order = await db
      .selectFrom('orders')
      .select('install_facts')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const task = booking.task as { title: string; template_extra_fields: unknown[] };
    return { task, facts: order.install_facts as Record<string, unknown> };
  };

  const serverEchoes = [
    { name: 'Contract Term', value: 'Month-Month' },
    { name: 'RSP', value: 'demo' },
    { name: 'Service Type', value: 'Residential' },
    { name: 'Source', value: 'Website' },
  ];

  it.each<[string, Writing]>([
    [
      "its own title, '0' for no charge, the router charge as a string",
      { title: 'Install for Jane Citizen', newActivationCharge: '0', routerCharge: (c) => c },
    ],
    [
      "'$0' for no charge, the router charge as a number, amounts with '$'",
      {
        title: 'Installation: Jane Citizen – 100 Harris St!',
        newActivationCharge: '$0',
        routerCharge: (c) => Number(c),
        monthlyCost: (d) => `$${d}`,
      },
    ],
    [
      "'0.00' for no charge, the router charge as '$10.00'",
      { newActivationCharge: '0.00', routerCharge: (c) => `$${Number(c).toFixed(2)}` },
    ],
    ['no title and no echo fields at all', { title: null, echoes: null, newActivationCharge: '' }],
  ])('places an order from a body with %s', async (_case, writing) => {
    const body = await writeBody(PYRMONT, writing);
    const res = await install(body);
    expect(res.statusCode, res.body).toBe(201);

    // The task and the kept facts are the server's own, never the client's words.
    const { task, facts } = await kept(res.json().order_id);
    expect(task.title).toBe(
      'Installation - Jane Citizen - Unit 12, 100 Harris Street, Pyrmont NSW 2009',
    );
    expect(task.template_extra_fields).toEqual(expect.arrayContaining(serverEchoes));
    expect(task.template_extra_fields).toEqual(
      expect.arrayContaining([
        { name: 'Monthly Cost', value: '89' },
        { name: 'New Activation Charge', value: '' },
        { name: 'Speed', value: '100' },
      ]),
    );
    expect(facts).not.toHaveProperty('title');
    for (const { name } of serverEchoes) expect(facts.extraFields).not.toHaveProperty([name]);
  });

  it.each(['300', '$300', '300.00'])(
    'places a greenfield order whose New Activation Charge is %s',
    async (charge) => {
      const body = await writeBody(ALKIMOS, {
        newActivationCharge: charge,
        routerCharge: (c) => Number(c),
      });
      const res = await install(body);
      expect(res.statusCode, res.body).toBe(201);
      const { task } = await kept(res.json().order_id);
      expect(task.title).toBe('Installation - Jane Citizen - 25 Ocean Drive, Alkimos WA 6038');
      expect(task.template_extra_fields).toContainEqual({
        name: 'New Activation Charge',
        value: '300',
      });
    },
  );

  // The facts stay checked (009): the client's way of writing is free, what it says is not.
  const named = (path: string) => expect.objectContaining({ [path]: expect.any(String) });
  const x = (name: string) => `arrivy_booking.template_extra_fields.${name}`;

  it.each<[string, Place, Writing, number, string, string]>([
    [
      'a wrong Monthly Cost',
      PYRMONT,
      { monthlyCost: () => '$99' },
      422,
      'price_changed',
      x('Monthly Cost'),
    ],
    [
      'a wrong router charge as a string',
      PYRMONT,
      { routerCharge: () => '15' },
      422,
      'price_changed',
      'charge_bee.router_charge',
    ],
    ['a wrong Speed', PYRMONT, { speed: () => '1000' }, 422, 'order_mismatch', x('Speed')],
    [
      'a New Activation Charge where none applies',
      PYRMONT,
      { newActivationCharge: '$300' },
      422,
      'order_mismatch',
      x('New Activation Charge'),
    ],
    [
      'no New Activation Charge on a greenfield building',
      ALKIMOS,
      { newActivationCharge: '$0' },
      422,
      'order_mismatch',
      x('New Activation Charge'),
    ],
    [
      'a title with markup',
      PYRMONT,
      { title: '<script>alert(1)</script>' },
      400,
      'invalid_input',
      'arrivy_booking.title',
    ],
    [
      'an echo field with markup',
      PYRMONT,
      { echoes: { Source: '<b>Website</b>' } },
      400,
      'invalid_input',
      x('Source'),
    ],
    [
      'a router charge of words',
      PYRMONT,
      { routerCharge: () => 'ten dollars' },
      400,
      'invalid_input',
      'charge_bee.router_charge',
    ],
  ])('refuses %s', async (_case, place, writing, status, error, path) => {
    const body = await writeBody(place, writing);
    const res = await install(body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error, fields: named(path) });
  });
});
