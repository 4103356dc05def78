import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Configuration, parsed and checked once at start-up (docs/rules/outside-parts.md). A bad value
 * stops the server with a message that names the variable.
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

const envSchema = z.object({
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

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** The metrics listener's port; undefined when METRICS_PORT is unset (no listener). */
  metricsPort: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * MIGRATE_ON_START is not 0: the server applies the migrations at start; otherwise it refuses
   * to start while one is not applied (docs/migrations.md).
   */
  migrateOnStart: boolean;
  /**
   * The catalogue file to serve (resolved; `name` as written, for messages), or undefined: the
   * bundled demo unless the database holds an imported catalogue (catalogue/boot.ts).
   */
  catalogueFile: { path: string; name: string } | undefined;
  /** ALLOW_DEMO=1: production mode may run on demo parts (app/production.ts). */
  allowDemo: boolean;
  /** TEST_CLOCK=1: the app's clock is one the browser tests move (app/test-clock.ts). */
  testClock: boolean;
  /**
   * Set only when configured: `code` pins the catalogue's provider code, the others override
   * its brand words (catalogue/snapshot.ts).
   */
  provider: {
    code: string | undefined;
    name: string | undefined;
    phone: string | undefined;
    email: string | undefined;
    billingPortalUrl: string | undefined;
    brandColour: string | undefined;
  };
  holdSeconds: number;
  addressIndexSize: number;
  /** One autocomplete search's statement timeout on PostgreSQL (021-autocomplete-bounds.md). */
  autocompleteTimeoutMs: number;
  /** AUTOCOMPLETE_KEPT: searches whose answers are kept per instance; 0 keeps none. */
  autocompleteKept: number;
  rateLimitPerMinute: number;
  /** PAGES_PER_MINUTE: the pages and their files, per client address, apart from the API's. */
  pagesPerMinute: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses / CIDRs. */
  trustProxy: false | number | string[];
  /** API_KEY_REQUESTS_PER_MINUTE: per API key, not per address (docs/rules/operators.md#api-keys). */
  apiKeyRequestsPerMinute: number;
  /** Per client address (docs/decisions/010-limits.md). */
  limits: {
    codeChecksPerMinute: number;
    holdsPerMinute: number;
    holdsPerClient: number;
    leadsPerMinute: number;
    cardTokensPerMinute: number;
    installsPerMinute: number;
    orderPagePerMinute: number;
    orderPageMissesPerMinute: number;
    /** FUNNEL_REPORTS_PER_MINUTE (docs/rules/funnel.md). */
    funnelReportsPerMinute: number;
    /** Autocomplete searches one client address may have running at once. */
    autocompletePerClient: number;
  };
  /** How long each kind of personal data is kept (docs/decisions/023-retention.md). */
  retention: RetentionLimits;
  /** RETENTION_SWEEP_MINUTES: how often the retention sweep runs, in milliseconds. */
  retentionEveryMs: number;
  /** Finish later (docs/rules/mail.md): FINISH_LATER_DAYS, and the reminder to finish. */
  finishLater: {
    /** FINISH_LATER_SECONDS, or FINISH_LATER_DAYS, in milliseconds. */
    linkMs: number;
    /** FINISH_LATER_LINKS_PER_HOUR: the links mailed to one address in an hour. */
    linksPerHour: number;
    /** ABANDONED_REMINDER=on. */
    reminder: boolean;
    /** ABANDONED_REMINDER_SECONDS, or ABANDONED_REMINDER_HOURS, in milliseconds. */
    reminderAfterMs: number;
  };
  logLevel: Env['LOG_LEVEL'];
  /**
   * Tracing is on (tracing/wanted.ts): log lines carry trace ids. Given by the process that starts
   * it (server.ts, loadConfig's `given`); false for the command-line tools and the tests' apps.
   */
  tracing: boolean;
  /**
   * The site's public origin for links in mail, without a trailing slash: PUBLIC_URL, or
   * http://localhost:PORT when it is unset (production mode refuses that, app/production.ts).
   */
  publicUrl: string;
  /** PUBLIC_URL was set (not the localhost default). */
  publicUrlSet: boolean;
  /** How staff sign in (docs/rules/operators.md#signing-in-through-the-providers-identity-service). */
  operatorSignIn: OperatorSignIn;
  /** Where webhooks may go and when a failing endpoint is disabled (docs/rules/webhooks.md). */
  webhooks: {
    /** WEBHOOK_ALLOWED_HOSTS: hosts (maybe with a port) an endpoint may reach inside. */
    allowedHosts: string[];
    /** WEBHOOK_DISABLE_AFTER_DAYS, in milliseconds. */
    disableAfterMs: number;
    /** WEBHOOK_SECRET_KEY's 32 bytes: endpoints' secrets are stored encrypted with it. */
    secretKey: Buffer | undefined;
  };
  keys: Pick<
    Env,
    | 'MAPS_API_KEY'
    | 'CHARGEBEE_SITE'
    | 'CHARGEBEE_PUBLISHABLE_KEY'
    | 'CHARGEBEE_API_KEY'
    | 'CHARGEBEE_API_BASE'
    | 'ARRIVY_AUTH_KEY'
    | 'ARRIVY_AUTH_TOKEN'
    | 'ARRIVY_API_BASE'
    | 'HUBSPOT_PORTAL_ID'
    | 'HUBSPOT_FORM_ID'
    | 'GTM_ID'
    | 'ROLLBAR_ACCESS_TOKEN'
    | 'ROLLBAR_CLIENT_TOKEN'
    | 'ROLLBAR_ENDPOINT'
    | 'REDIS_URL'
    | 'OPS_WEBHOOK_URL'
    | 'OPS_WEBHOOK_SECRET'
    | 'SMTP_URL'
    | 'MAIL_FROM'
  >;
}

/** How staff sign in to the console (docs/decisions/028-staff-sign-in-oidc.md). */
export interface OperatorSignIn {
  /** OPERATOR_PASSWORDS is not 'off': the email and password form and its API. */
  passwords: boolean;
  /** The identity service, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
  oidc: OidcSettings | undefined;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim that names the role: `manager` or `viewer` (or a list holding one). */
  roleClaim: string;
  /** What the console's button names: 'Sign in with NAME'. */
  providerName: string | undefined;
  /**
   * OIDC_MANAGES_LOCAL_ROLES=on: the role claim sets the role of accounts the setup code or the
   * CLI made too; otherwise only of the accounts the identity service made.
   */
  managesLocalRoles: boolean;
  /** Where the identity service sends staff back: from PUBLIC_URL, never from a request's Host. */
  redirectUri: string;
}

/** The path the identity service sends staff back to (operators/oidc-routes.ts). */
export const OIDC_CALLBACK_PATH = '/admin/api/sign-in/oidc/callback';

/** The retention policy's limits (docs/decisions/023-retention.md, docs/rules/retention.md). */
export interface RetentionLimits {
  /** Leads are deleted this many months after they were made. */
  leadsMonths: number;
  /** A sent (or given up) mail's rendered recipient, subject, bodies and invite are cleared. */
  mailDays: number;
  /** Delivered (or given up) ops notifications are deleted. */
  notificationsDays: number;
  /** Client addresses on orders, holds and the sign-in bounds. */
  clientAddressesDays: number;
  /** Holds that ended without an order are deleted. */
  abandonedHoldsDays: number;
  /** An order cancelled before its installation has its personal fields cleared. */
  cancelledOrdersMonths: number;
  /** The funnel's per-tab marks are deleted (docs/rules/funnel.md). */
  funnelTabsDays: number;
  /** A saved sign-up (finish later) is deleted this many days after its links expired. */
  savedSignupsDays: number;
}

export class ConfigError extends Error {}

/**
 * CATALOGUE_FILE must name a file the server can read, at start. A relative path is taken from
 * where the command was typed (npm's INIT_CWD: `npm start` runs in apps/server).
 */
function readableFile(name: string, base: string): { path: string; name: string } {
  const path = resolve(base, name);
  try {
    accessSync(path, constants.R_OK);
    if (statSync(path).isFile()) return { path, name };
  } catch (error) {
    const reason = (error as { code?: string }).code === 'ENOENT' ? 'no such file' : 'unreadable';
    throw new ConfigError(`CATALOGUE_FILE: cannot read ${name} (${reason})`);
  }
  throw new ConfigError(`CATALOGUE_FILE: ${name} is not a file`);
}

/**
 * OIDC_* all or none; passwords off only with the identity service on, or nobody could sign in
 * (docs/rules/operators.md#signing-in-through-the-providers-identity-service).
 */
function operatorSignIn(e: Env, publicUrl: string): OperatorSignIn {
  const passwords = e.OPERATOR_PASSWORDS !== 'off';
  const set = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (set !== 0 && set !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three (staff sign in through the identity service) or none',
    );
  }
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    if (!passwords) {
      throw new ConfigError(
        'Invalid configuration:\n  OPERATOR_PASSWORDS=off needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: without passwords or an identity service nobody could sign in to the console',
      );
    }
    return { passwords, oidc: undefined };
  }
  return {
    passwords,
    oidc: {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      roleClaim: e.OIDC_ROLE_CLAIM ?? 'fibre_role',
      providerName: e.OIDC_PROVIDER_NAME,
      managesLocalRoles: e.OIDC_MANAGES_LOCAL_ROLES === 'on',
      redirectUri: `${publicUrl}${OIDC_CALLBACK_PATH}`,
    },
  };
}

/**
 * https in production (docs/rules/webhooks.md#where-an-endpoint-may-point): events carry
 * customers' names and addresses, so with NODE_ENV=production an endpoint that is not https is
 * refused, whatever ALLOW_DEMO says: a manager's as it is added and at every delivery (one stored
 * before the rule, notifications/), and OPS_WEBHOOK_URL as the configuration loads. The scheme is
 * the parsed URL's, which the parser lower-cases (`HTTPS://` is https); text that is no URL is
 * refused too. The one rule all three use: here, as configuration imports no feature.
 */
export function notHttpsInProduction(url: URL | string, env: string): boolean {
  if (env !== 'production') return false;
  try {
    return new URL(url).protocol !== 'https:';
  } catch {
    return true;
  }
}

/** What the process knows that the environment's variables do not say on their own. */
export interface ConfigGiven {
  /** Tracing was started (tracing/preload.ts; server.ts asks tracing/wanted.ts). */
  tracing?: boolean;
}

export function loadConfig(
  source: Record<string, string | undefined>,
  given: ConfigGiven = {},
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics stay off the public port)',
    );
  }
  if (Boolean(e.OPS_WEBHOOK_URL) !== Boolean(e.OPS_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  OPS_WEBHOOK_URL and OPS_WEBHOOK_SECRET: set both (the configured webhook endpoint) or neither',
    );
  }
  // The same rule as a manager's endpoints (docs/rules/webhooks.md#where-an-endpoint-may-point):
  // a configuration error, not a demo part, so ALLOW_DEMO=1 does not let it through.
  if (e.OPS_WEBHOOK_URL && notHttpsInProduction(e.OPS_WEBHOOK_URL, e.NODE_ENV)) {
    throw new ConfigError(
      'Invalid configuration:\n  OPS_WEBHOOK_URL: must be an https URL in production (events carry customers’ names and addresses; ALLOW_DEMO does not change this)',
    );
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL and MAIL_FROM: set both (customer mail over SMTP) or neither',
    );
  }
  // A clock anyone may move is never a product's: not even a demo deployment's (ALLOW_DEMO).
  if (e.TEST_CLOCK === '1' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK: never in production (a clock the browser tests move)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START !== '0',
    catalogueFile: e.CATALOGUE_FILE
      ? readableFile(e.CATALOGUE_FILE, source.INIT_CWD ?? process.cwd())
      : undefined,
    allowDemo: e.ALLOW_DEMO === '1',
    testClock: e.TEST_CLOCK === '1',
    provider: {
      code: e.PROVIDER_CODE,
      name: e.PROVIDER_NAME,
      phone: e.SUPPORT_PHONE,
      email: e.SUPPORT_EMAIL,
      billingPortalUrl: e.BILLING_PORTAL_URL,
      brandColour: e.BRAND_COLOUR,
    },
    holdSeconds: e.RESERVATION_HOLD_SECONDS,
    addressIndexSize: e.ADDRESS_INDEX_SIZE,
    autocompleteTimeoutMs: e.AUTOCOMPLETE_TIMEOUT_MS,
    autocompleteKept: e.AUTOCOMPLETE_KEPT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    pagesPerMinute: e.PAGES_PER_MINUTE,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    limits: {
      codeChecksPerMinute: e.CODE_CHECKS_PER_MINUTE,
      holdsPerMinute: e.HOLDS_PER_MINUTE,
      holdsPerClient: e.HOLDS_PER_CLIENT,
      leadsPerMinute: e.LEADS_PER_MINUTE,
      cardTokensPerMinute: e.CARD_TOKENS_PER_MINUTE,
      installsPerMinute: e.INSTALLS_PER_MINUTE,
      orderPagePerMinute: e.ORDER_PAGE_PER_MINUTE,
      orderPageMissesPerMinute: e.ORDER_PAGE_MISSES_PER_MINUTE,
      funnelReportsPerMinute: e.FUNNEL_REPORTS_PER_MINUTE,
      autocompletePerClient: e.AUTOCOMPLETE_PER_CLIENT,
    },
    retention: {
      leadsMonths: e.RETAIN_LEADS_MONTHS,
      mailDays: e.RETAIN_MAIL_DAYS,
      notificationsDays: e.RETAIN_NOTIFICATIONS_DAYS,
      clientAddressesDays: e.RETAIN_CLIENT_ADDRESSES_DAYS,
      abandonedHoldsDays: e.RETAIN_ABANDONED_HOLDS_DAYS,
      cancelledOrdersMonths: e.RETAIN_CANCELLED_ORDERS_MONTHS,
      funnelTabsDays: e.RETAIN_FUNNEL_TABS_DAYS,
      savedSignupsDays: e.RETAIN_SAVED_SIGNUPS_DAYS,
    },
    retentionEveryMs: e.RETENTION_SWEEP_MINUTES * 60_000,
    finishLater: {
      linkMs:
        e.FINISH_LATER_SECONDS !== undefined
          ? e.FINISH_LATER_SECONDS * 1000
          : e.FINISH_LATER_DAYS * 86_400_000,
      linksPerHour: e.FINISH_LATER_LINKS_PER_HOUR,
      reminder: e.ABANDONED_REMINDER === 'on',
      reminderAfterMs:
        e.ABANDONED_REMINDER_SECONDS !== undefined
          ? e.ABANDONED_REMINDER_SECONDS * 1000
          : e.ABANDONED_REMINDER_HOURS * 3_600_000,
    },
    logLevel: e.LOG_LEVEL,
    tracing: given.tracing ?? false,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    operatorSignIn: operatorSignIn(e, publicUrl),
    webhooks: {
      allowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
      disableAfterMs: e.WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000,
      secretKey: e.WEBHOOK_SECRET_KEY ? Buffer.from(e.WEBHOOK_SECRET_KEY, 'base64') : undefined,
    },
    keys: {
      MAPS_API_KEY: e.MAPS_API_KEY,
      CHARGEBEE_SITE: e.CHARGEBEE_SITE,
      CHARGEBEE_PUBLISHABLE_KEY: e.CHARGEBEE_PUBLISHABLE_KEY,
      CHARGEBEE_API_KEY: e.CHARGEBEE_API_KEY,
      CHARGEBEE_API_BASE: e.CHARGEBEE_API_BASE,
      ARRIVY_AUTH_KEY: e.ARRIVY_AUTH_KEY,
      ARRIVY_AUTH_TOKEN: e.ARRIVY_AUTH_TOKEN,
      ARRIVY_API_BASE: e.ARRIVY_API_BASE,
      HUBSPOT_PORTAL_ID: e.HUBSPOT_PORTAL_ID,
      HUBSPOT_FORM_ID: e.HUBSPOT_FORM_ID,
      GTM_ID: e.GTM_ID,
      ROLLBAR_ACCESS_TOKEN: e.ROLLBAR_ACCESS_TOKEN,
      ROLLBAR_CLIENT_TOKEN: e.ROLLBAR_CLIENT_TOKEN,
      ROLLBAR_ENDPOINT: e.ROLLBAR_ENDPOINT,
      REDIS_URL: e.REDIS_URL,
      OPS_WEBHOOK_URL: e.OPS_WEBHOOK_URL,
      OPS_WEBHOOK_SECRET: e.OPS_WEBHOOK_SECRET,
      SMTP_URL: e.SMTP_URL,
      MAIL_FROM: e.MAIL_FROM,
    },
  };
}
