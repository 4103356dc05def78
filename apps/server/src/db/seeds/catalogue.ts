import { addYears } from 'date-fns';
import type { Config } from '../../config.ts';
import type { Database } from '../database.ts';

/** The demo buildings of PRODUCT.md section 5. */
export const demoBuildings = [
  [
    '100 Harris Street, Pyrmont NSW 2009',
    'G1A2B3',
    'LIT',
    'mdu',
    'brownfield',
    'residential',
    '100',
    'Harris Street',
    'Pyrmont',
    'NSW',
    '2009',
  ],
  [
    '1 Southbank Boulevard, Southbank VIC 3006',
    'G2B3C4',
    'LIT',
    'mdu',
    'brownfield',
    'mixed',
    '1',
    'Southbank Boulevard',
    'Southbank',
    'VIC',
    '3006',
  ],
  [
    '300 Queen Street, Brisbane City QLD 4000',
    'G3C4D5',
    'LIT',
    'mdu',
    'brownfield',
    'commercial',
    '300',
    'Queen Street',
    'Brisbane City',
    'QLD',
    '4000',
  ],
  [
    '25 Ocean Drive, Alkimos WA 6038',
    'G4D5E6',
    'BuildCommenced',
    'sdu',
    'greenfield',
    'residential',
    '25',
    'Ocean Drive',
    'Alkimos',
    'WA',
    '6038',
  ],
  [
    '50 King William Street, Adelaide SA 5000',
    'G5E6F7',
    'ComingSoon',
    'mdu',
    'brownfield',
    'residential',
    '50',
    'King William Street',
    'Adelaide',
    'SA',
    '5000',
  ],
  [
    '80 Elizabeth Street, Hobart TAS 7000',
    'G6F7A8',
    'LIT',
    'mdu',
    'brownfield',
    'residential',
    '80',
    'Elizabeth Street',
    'Hobart',
    'TAS',
    '7000',
  ],
  [
    '82 Elizabeth Street, Hobart TAS 7000',
    'G7A8B9',
    'LIT',
    'mdu',
    'brownfield',
    'residential',
    '82',
    'Elizabeth Street',
    'Hobart',
    'TAS',
    '7000',
  ],
  [
    '7 Wattle Grove, Kellyville NSW 2155',
    'G9B0C1',
    'LIT',
    'sdu',
    'brownfield',
    'residential',
    '7',
    'Wattle Grove',
    'Kellyville',
    'NSW',
    '2155',
  ],
  [
    '12 Cavenagh Street, Darwin City NT 0800',
    'G8C9D0',
    'Footprint',
    'mdu',
    'brownfield',
    'residential',
    '12',
    'Cavenagh Street',
    'Darwin City',
    'NT',
    '0800',
  ],
].map(
  ([
    formatted_address,
    code,
    status,
    building_class,
    building_category,
    building_type,
    street_number,
    street,
    suburb,
    state,
    postcode,
  ]) => ({
    id: `bld-${code!.toLowerCase()}`,
    code: code!,
    formatted_address: formatted_address!,
    street_number: street_number!,
    street: street!,
    suburb: suburb!,
    state: state!,
    postcode: postcode!,
    status: status!,
    building_class: building_class!,
    building_category: building_category!,
    building_type: building_type!,
    is_slave: code === 'G7A8B9',
    master_building_id: code === 'G7A8B9' ? 'bld-g6f7a8' : null,
  }),
);

// name, speed, monthly cents, LIT, non-LIT. Plans above 100 Mbps are LIT-only; '350' is never shown.
const plans: Array<[string, string, number, number, boolean, boolean, string]> = [
  ['starter-25', 'Starter 25', 25, 5900, true, true, 'Browsing, email and streaming for one'],
  ['boost-100', 'Boost 100', 100, 7900, true, true, 'Our most popular plan for busy homes'],
  ['streamer-250', 'Streamer 250', 250, 8900, true, false, '4K streaming on every screen'],
  ['turbo-350', 'Turbo 350', 350, 9500, true, false, 'Retired tier'],
  ['ultra-500', 'Ultra 500', 500, 9900, true, false, 'Big households and home offices'],
  ['giga-1000', 'Giga 1000', 1000, 11900, true, false, 'The fastest speed we offer'],
];

const routers: Array<[string, string, number, string, string]> = [
  ['byo', 'Bring your own router', 0, 'Use a compatible router you already own', ''],
  ['wifi6', 'Wi-Fi 6 Router', 1000, 'Dual-band Wi-Fi 6 for apartments', 'per month'],
  ['mesh-pro', 'Mesh Pro Router', 1500, 'Tri-band mesh for larger homes', 'per month'],
];

// coupon_id, type, period, dollar cents, percentage, only postcode, only suburb
const coupons: Array<
  [string, number, number, number | null, number | null, string | null, string | null]
> = [
  ['PROMOMIOMF', 3, 1, null, 100, null, null],
  ['MOVERS2MF', 3, 2, null, 100, null, null],
  ['WWOMF', 1, 1, null, 100, null, null],
  ['WW2MF', 1, 2, null, 100, null, null],
  ['BPD2MF', 1, 2, null, 100, null, null],
  ['PNBF24', 1, 9, 1000, null, null, null],
  ['SUMMER20', 1, 3, null, 20, '3006', 'Southbank'],
  ['SOMETHING12321', 1, 1, null, 100, null, null],
  ['FRIEND2024', 2, 1, null, 100, null, null],
  ['SALES2024', 4, 1, null, 100, null, null],
  ['ADL2MF', 1, 2, null, 100, null, null],
];

export async function seedCatalogue(
  { db }: Database,
  config: Config,
  now = new Date(),
): Promise<void> {
  const rsp = config.provider.code;
  await db.transaction().execute(async (trx) => {
    // Masters first: a slave references its master.
    const ordered = [...demoBuildings].sort((a, b) => Number(a.is_slave) - Number(b.is_slave));
    await trx
      .insertInto('buildings')
      .values(ordered)
      .onConflict((c) => c.doNothing())
      .execute();
    await trx
      .insertInto('plans')
      .values(
        plans.map(([id, name, speed, cost_cents, address_lit, address_non_lit, description1]) => ({
          id,
          rsp,
          name,
          speed,
          cost_cents,
          address_lit,
          address_non_lit,
          description1,
        })),
      )
      .onConflict((c) => c.doNothing())
      .execute();
    await trx
      .insertInto('routers')
      .values(
        routers.map(([id, name, cost_cents, description1, description2]) => ({
          id,
          rsp,
          name,
          cost_cents,
          description1,
          description2,
        })),
      )
      .onConflict((c) => c.doNothing())
      .execute();
    await trx
      .insertInto('coupons')
      .values(
        coupons.map(
          ([
            coupon_id,
            coupon_type,
            period,
            dollar_amount,
            percentage,
            only_postcode,
            only_suburb,
          ]) => ({
            coupon_id,
            rsp,
            coupon_type,
            period,
            dollar_amount,
            percentage,
            only_postcode,
            only_suburb,
          }),
        ),
      )
      .onConflict((c) => c.doNothing())
      .execute();
    await trx
      .insertInto('campaigns')
      .values({
        id: 'adelaide-launch',
        rsp,
        building_code: 'G5E6F7',
        name: 'Adelaide launch offer',
        terms:
          'Two months free: credits on your 7th and 13th monthly bills. Month-to-month, no lock-in contract.',
        coupon_code: 'ADL2MF',
        months_free: 2,
        start_date: now,
        end_date: addYears(now, 1),
      })
      .onConflict((c) => c.doNothing())
      .execute();
  });
}
