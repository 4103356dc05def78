import { isIP } from 'node:net';
import { z } from 'zod';

/*
 * The environment's variables, each with its rule and its default: the schema loadConfig
 * (config.ts) parses the environment with, once at start-up (docs/rules/outside-parts.md).
 */
const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const url = (name: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), `${name} must be a URL`);
const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? String(fallback) : v))
    .transform(Number)
    .pipe(z.number().int().positive());
/** A whole number from 0 to `max`, `fallback` when unset. */
const count = (fallback: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? String(fallback) : v))
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/**
 * Which hops may tell the server the client's address in X-Forwarded-For (Fastify's trustProxy):
 * off by default, since a client that may name its own address gets a fresh rate-limit budget with
 * every request (docs/decisions/010-limits.md). A hop count, or proxy addresses / CIDRs.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, issue): false | number | string[] => {
    if (v === undefined || v === '' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length === 0) return entries;
    issue.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be a hop count or proxy addresses / CIDRs separated by commas (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
    });
    return z.NEVER;
  });

function isProxyAddress(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** One WEBHOOK_ALLOWED_HOSTS entry: `host`, `host:port`, an address, or `[v6]:port`. */
function isAllowedHost(entry: string): boolean {
  if (isIP(entry) !== 0) return true;
  if (!/^[A-Za-z0-9.[\]:-]+$/.test(entry)) return false;
  try {
    const parsed = new URL(`http://${entry}/`);
    return parsed.pathname === '/' && parsed.username === '' && parsed.hostname !== '';
  } catch {
    return false;
  }
}

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: positiveInt(3000).pipe(z.number().max(65535)),
  /** Prometheus metrics on their own listener (README, Metrics); unset, there is none. */
  METRICS_PORT: optional
    .refine(
      (v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535),
      'METRICS_PORT must be a port number, 1 to 65535',
    )
    .transform((v) => (v === undefined ? undefined : Number(v))),
  HOST: z.string().trim().default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optional.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must be a postgres:// URL',
  ),
  // Migrations at start (1), or only a check that they are applied (0): docs/migrations.md.
  MIGRATE_ON_START: optional.refine(
    (v) => v === undefined || v === '0' || v === '1',
    'MIGRATE_ON_START must be 1 (migrate at start) or 0 (check only: npm run migrate applies)',
  ),
  // The catalogue file (docs/catalogue.md); without it, the bundled demo (or an imported one).
  CATALOGUE_FILE: optional,
  // A demo deployment in production mode (app/production.ts): '1' or unset.
  ALLOW_DEMO: optional.refine(
    (v) => v === undefined || v === '1',
    'ALLOW_DEMO must be 1 (a demo deployment is meant) or unset',
  ),
  // The provider's code and brand come from the catalogue. PROVIDER_CODE, when set, pins the code
  // (the server refuses another catalogue's); the brand variables override the file's words.
  PROVIDER_CODE: optional.refine(
    (v) => v === undefined || /^[a-z0-9-]{1,32}$/.test(v),
    'PROVIDER_CODE must be lowercase letters, digits or -',
  ),
  PROVIDER_NAME: optional,
  SUPPORT_PHONE: optional,
  SUPPORT_EMAIL: optional.refine(
    (v) => v === undefined || z.email().safeParse(v).success,
    'SUPPORT_EMAIL must be an email address',
  ),
  BILLING_PORTAL_URL: url('BILLING_PORTAL_URL'),
  BRAND_COLOUR: optional.refine(
    (v) => v === undefined || /^#[0-9a-fA-F]{6}$/.test(v),
    'BRAND_COLOUR must be a #rrggbb colour',
  ),
  RESERVATION_HOLD_SECONDS: positiveInt(600),
  /** How many generated street addresses the embedded address index holds. */
  ADDRESS_INDEX_SIZE: count(100_000, 5_000_000),
  RATE_LIMIT_PER_MINUTE: positiveInt(600),
  // The pages and the files of their build: their own budget, not the API's (010-limits.md).
  PAGES_PER_MINUTE: positiveInt(6000),
  TRUST_PROXY: trustProxy,
  // Per-route limits on top of RATE_LIMIT_PER_MINUTE (docs/decisions/010-limits.md).
  CODE_CHECKS_PER_MINUTE: positiveInt(10),
  HOLDS_PER_MINUTE: positiveInt(30),
  HOLDS_PER_CLIENT: positiveInt(5),
  LEADS_PER_MINUTE: positiveInt(5),
  CARD_TOKENS_PER_MINUTE: positiveInt(10),
  INSTALLS_PER_MINUTE: positiveInt(20),
  // The order page (docs/rules/order-page.md#limits): every call, and the tokens that open nothing.
  ORDER_PAGE_PER_MINUTE: positiveInt(30),
  ORDER_PAGE_MISSES_PER_MINUTE: positiveInt(10),
  // The funnel's reports (docs/rules/funnel.md): a journey reports at most eight steps.
  FUNNEL_REPORTS_PER_MINUTE: positiveInt(60),
  // Requests a minute per API key (docs/rules/operators.md#api-keys), on top of the address's.
  API_KEY_REQUESTS_PER_MINUTE: positiveInt(300),
  // Autocomplete (docs/decisions/021-autocomplete-bounds.md): one search's time on PostgreSQL, and
  // how many searches one client address may have running at once.
  AUTOCOMPLETE_TIMEOUT_MS: positiveInt(300),
  AUTOCOMPLETE_PER_CLIENT: positiveInt(4),
  // Searches whose answers each instance keeps until the address index changes; 0 keeps none
  // (docs/decisions/022-kept-answers.md).
  AUTOCOMPLETE_KEPT: count(5000, 1_000_000),
  // Retention (docs/decisions/023-retention.md): how long each kind of personal data is kept, and
  // how often the sweep that applies it runs.
  RETAIN_LEADS_MONTHS: positiveInt(24),
  RETAIN_MAIL_DAYS: positiveInt(90),
  RETAIN_NOTIFICATIONS_DAYS: positiveInt(30),
  RETAIN_CLIENT_ADDRESSES_DAYS: positiveInt(30),
  RETAIN_ABANDONED_HOLDS_DAYS: positiveInt(30),
  RETAIN_CANCELLED_ORDERS_MONTHS: positiveInt(12),
  RETAIN_FUNNEL_TABS_DAYS: positiveInt(2),
  RETENTION_SWEEP_MINUTES: positiveInt(60),
  // Finish later and the reminder to finish (docs/rules/mail.md): how long a link works, whether
  // the reminder is sent (off by default) and after how long; FINISH_LATER_SECONDS and
  // ABANDONED_REMINDER_SECONDS, when set, stand for the days and the hours (short times, for
  // browser tests); saved sign-ups are deleted RETAIN_SAVED_SIGNUPS_DAYS after their links expire
  // (docs/rules/retention.md).
  FINISH_LATER_DAYS: positiveInt(7),
  // At most this many links mailed to one address an hour, whoever asks (docs/rules/mail.md).
  FINISH_LATER_LINKS_PER_HOUR: positiveInt(3),
  FINISH_LATER_SECONDS: optional
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().positive().optional()),
  ABANDONED_REMINDER: z.enum(['on', 'off']).default('off'),
  ABANDONED_REMINDER_HOURS: positiveInt(24),
  ABANDONED_REMINDER_SECONDS: optional
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().positive().optional()),
  RETAIN_SAVED_SIGNUPS_DAYS: positiveInt(7),
  // A clock the browser tests move (app/test-clock.ts, e2e/README.md): '1' or unset; refused in
  // production mode.
  TEST_CLOCK: optional.refine(
    (v) => v === undefined || v === '1',
    'TEST_CLOCK must be 1 (a clock the browser tests move) or unset',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAPS_API_KEY: optional,
  // A site name is a host name label ({site}.chargebee.com); it also goes into the CSP header.
  CHARGEBEE_SITE: optional.refine(
    (v) => v === undefined || /^[a-z0-9][a-z0-9-]{0,62}$/.test(v),
    'CHARGEBEE_SITE must be a Chargebee site name: lowercase letters, digits or -',
  ),
  CHARGEBEE_PUBLISHABLE_KEY: optional,
  CHARGEBEE_API_KEY: optional,
  // Base-URL overrides, for tests (local stand-ins) and self-hosted proxies only.
  CHARGEBEE_API_BASE: url('CHARGEBEE_API_BASE'),
  ARRIVY_AUTH_KEY: optional,
  ARRIVY_AUTH_TOKEN: optional,
  ARRIVY_API_BASE: url('ARRIVY_API_BASE'),
  HUBSPOT_PORTAL_ID: optional,
  HUBSPOT_FORM_ID: optional,
  // The container id goes into the page's inline snippet, so only its documented shape passes.
  GTM_ID: optional.refine(
    (v) => v === undefined || /^GTM-[A-Z0-9]{1,12}$/.test(v),
    'GTM_ID must be a Tag Manager container id such as GTM-ABC123',
  ),
  ROLLBAR_ACCESS_TOKEN: optional,
  /** Rollbar's post_client_item token: the only one the browser may see. */
  ROLLBAR_CLIENT_TOKEN: optional,
  ROLLBAR_ENDPOINT: url('ROLLBAR_ENDPOINT'),
  REDIS_URL: url('REDIS_URL'),
  // The configured webhook endpoint (docs/rules/webhooks.md#configuration): both or neither.
  OPS_WEBHOOK_URL: url('OPS_WEBHOOK_URL').refine(
    (v) => v === undefined || /^https?:$/.test(new URL(v).protocol),
    'OPS_WEBHOOK_URL must be an http(s) URL',
  ),
  OPS_WEBHOOK_SECRET: optional
    .refine(
      (v) => v === undefined || v.length >= 16,
      'OPS_WEBHOOK_SECRET must be at least 16 characters',
    )
    .refine(
      (v) =>
        v === undefined ||
        !v.startsWith('whsec_') ||
        (/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(v) &&
          Buffer.from(v.slice('whsec_'.length), 'base64').length >= 16),
      'OPS_WEBHOOK_SECRET: a whsec_ secret must be the base64 of at least 16 bytes',
    ),
  // Hosts a webhook endpoint may reach inside the server's network, on purpose
  // (docs/rules/webhooks.md#where-an-endpoint-may-point): names or addresses, each maybe :port.
  WEBHOOK_ALLOWED_HOSTS: optional
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => entries.every(isAllowedHost),
      'WEBHOOK_ALLOWED_HOSTS must be host names or addresses, each maybe with :port, separated by commas',
    ),
  // An endpoint that has failed every delivery for this many days is disabled (audited).
  WEBHOOK_DISABLE_AFTER_DAYS: positiveInt(3),
  // The key endpoints' signing secrets are encrypted with at rest (AES-256-GCM,
  // docs/decisions/027-webhooks.md): the base64 of 32 random bytes; production requires it.
  WEBHOOK_SECRET_KEY: optional.refine(
    (v) =>
      v === undefined || (/^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32),
    'WEBHOOK_SECRET_KEY must be the base64 of 32 random bytes (openssl rand -base64 32)',
  ),
  // Customer mail over SMTP (docs/rules/mail.md): both or neither; without, mail stays queued.
  SMTP_URL: url('SMTP_URL').refine(
    (v) => v === undefined || /^smtps?:$/.test(new URL(v).protocol),
    'SMTP_URL must be an smtp:// or smtps:// URL',
  ),
  MAIL_FROM: optional.refine(
    (v) => v === undefined || z.email().safeParse(/<([^>]+)>\s*$/.exec(v)?.[1] ?? v).success,
    'MAIL_FROM must be an email address, or a name and <address>',
  ),
  // Staff sign-in through the provider's identity service, OpenID Connect
  // (docs/rules/operators.md#signing-in-through-the-providers-identity-service): the three
  // together or none; the role claim and the name on the button are optional.
  OIDC_ISSUER: url('OIDC_ISSUER').refine(
    (v) => v === undefined || /^https?:$/.test(new URL(v).protocol),
    'OIDC_ISSUER must be an http(s) URL',
  ),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_ROLE_CLAIM: optional,
  OIDC_PROVIDER_NAME: optional,
  // The role claim sets the role of accounts the setup code or the CLI made too: off unless 'on'.
  OIDC_MANAGES_LOCAL_ROLES: optional.refine(
    (v) => v === undefined || v === 'on' || v === 'off',
    'OIDC_MANAGES_LOCAL_ROLES must be on or off',
  ),
  // Password sign-in: on unless 'off' (then only the identity service signs staff in).
  OPERATOR_PASSWORDS: optional.refine(
    (v) => v === undefined || v === 'on' || v === 'off',
    'OPERATOR_PASSWORDS must be on or off',
  ),
  // The site's public origin, for absolute links in mail (the order page).
  PUBLIC_URL: url('PUBLIC_URL').refine(
    (v) => v === undefined || /^https?:$/.test(new URL(v).protocol),
    'PUBLIC_URL must be an http(s) URL',
  ),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];
