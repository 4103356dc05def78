import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { PlanSpec, RouterSpec } from '@fibre/domain/catalogue';
import { planSpec, routerSpec } from '@fibre/domain/test-support/plans';

/**
 * Another provider's catalogue, as a provider would write it (docs/catalogue.md): its own code,
 * brand, plans, prices, fees and crews, one building (the demo's Pyrmont address, which the
 * embedded address index knows) and a public holiday next week in NSW.
 */
export const acme = {
  code: 'acme',
  name: 'Acme Broadband',
  plans: [
    { id: 'acme-home-50', name: 'Home 50', speed: 50, busy: 46, monthly: 65 },
    { id: 'acme-fast-400', name: 'Fast 400', speed: 400, busy: 360, monthly: 99.5 },
    { id: 'acme-max-900', name: 'Max 900', speed: 900, busy: 780, monthly: 129 },
  ],
  /** Never shown: its id contains the hidden part 'legacy'. */
  hiddenPlan: { id: 'acme-legacy-75', name: 'Legacy 75' },
  router: { id: 'acme-router', name: 'Acme Wi-Fi 7 Router', monthly: 12.5 },
  staticIp: 11,
  /** American Express only: eftpos, Mastercard and Visa carry no surcharge. */
  amexPercent: 1.5,
  cis: (id: string) => `https://acme.example/cis/${id}.pdf`,
} as const;

/** A Monday-to-Saturday day in Sydney 7 or 8 days from `now`: a week ahead, never a Sunday. */
export function holidayNextWeek(now = new Date()): string {
  const sydney = new TZDate(now.getTime(), 'Australia/Sydney');
  const day = addDays(sydney, 7);
  return format(day.getDay() === 0 ? addDays(day, 1) : day, 'yyyy-MM-dd');
}

/** One entry of a YAML list, written as JSON (YAML's flow style), the file's own keys. */
const entry = (spec: PlanSpec | RouterSpec) => `\n  - ${JSON.stringify(spec)}`;

/** The catalogue file's text; `monthly` overrides a plan's price (the re-import). */
export function acmeCatalogue(holiday: string, monthly: Record<string, number> = {}): string {
  const plan = (p: { id: string; name: string; speed: number; busy: number; monthly: number }) =>
    entry(
      planSpec({
        id: p.id,
        name: p.name,
        speed: p.speed,
        busy_hour_speed: p.busy,
        monthly: monthly[p.id] ?? p.monthly,
        description: `${p.name} from Acme`,
        non_lit: p.speed <= 100,
        cis_url: acme.cis(p.id),
      }),
    );
  const routers = [
    routerSpec({
      id: 'acme-byo',
      name: 'Your own router',
      monthly: 0,
      description: 'Bring a router you own',
      period: '',
    }),
    routerSpec({
      id: acme.router.id,
      name: acme.router.name,
      monthly: acme.router.monthly,
      description: 'Tri-band Wi-Fi 7',
    }),
  ];
  return `provider:
  code: ${acme.code}
  name: ${acme.name}
  colour: '#a63d00'
  support_phone: 1800 222 333
  support_email: help@acme.example
  links:
    billing_portal: https://my.acme.example/login
    navigation:
      - { label: Plans, href: 'https://acme.example/plans' }
    social: []
documents:
  terms: { title: Acme Customer Terms, url: 'https://acme.example/legal/terms', version: '3.1' }
  privacy: { title: Acme Privacy Policy, url: 'https://acme.example/legal/privacy', version: '2' }
  complaints: { title: Acme Complaints Policy, url: 'https://acme.example/legal/complaints', version: '1' }
  hardship: { title: Acme Financial Hardship Policy, url: 'https://acme.example/legal/hardship', version: '1' }
  family_violence: { title: Acme Family Violence Support, url: 'https://acme.example/legal/family-violence', version: '1' }
other_charges:
  - { name: Missed appointment fee, amount: 120, when: if nobody is home for the installation }
plans:${acme.plans.map(plan).join('')}${plan({ ...acme.hiddenPlan, speed: 75, busy: 70, monthly: 70 })}
default_plan: acme-home-50
popular_plans: [acme-fast-400]
hidden_plan_id_parts: [legacy]
routers:${routers.map(entry).join('')}
add_ons:
  static_ip: { monthly: ${acme.staticIp} }
fees:
  new_development: 250
  card:
    visa: { percent: 0 }
    mastercard: { percent: 0 }
    eftpos: { percent: 0 }
    amex: { percent: ${acme.amexPercent}, words: Amex card surcharge }
rejected_coupon_codes: [ACME1000]
buildings:
  - code: G1A2B3
    address: { street_number: '100', street: Harris Street, suburb: Pyrmont, state: NSW, postcode: '2009' }
    status: LIT
    class: mdu
    category: brownfield
    type: residential
coupons:
  - { code: ACMEWELCOME, type: coupon, months: 1, percent: 50 }
campaigns: []
crews:
  NSW: { days: [Mon, Tue, Wed, Thu, Fri, Sat], shift: '09:00-17:00', window_minutes: 240, capacity: 3 }
closures:
  holidays:
    - { date: ${holiday}, name: Acme Day, states: [NSW] }
  crew_days_off: []
`;
}
