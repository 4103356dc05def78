import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { envSchema, type Env } from './config-env.ts';
import type { Config, OperatorSignIn } from './config-shape.ts';

/**
 * Configuration, parsed and checked once at start-up (docs/rules/outside-parts.md). A bad value
 * stops the server with a message that names the variable. The variables and their rules are in
 * config-env.ts, the configuration's shape in config-shape.ts; features import this file alone.
 */
export { CONFIG_VARIABLES, type Env } from './config-env.ts';
export type { Config, OidcSettings, OperatorSignIn, RetentionLimits } from './config-shape.ts';

/** The path the identity service sends staff back to (operators/oidc-routes.ts). */
export const OIDC_CALLBACK_PATH = '/admin/api/sign-in/oidc/callback';

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

/** The pairs and rules no single variable's schema can hold: each a ConfigError naming them. */
function refuseBadPairs(e: Env): void {
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
}

const providerOf = (e: Env): Config['provider'] => ({
  code: e.PROVIDER_CODE,
  name: e.PROVIDER_NAME,
  phone: e.SUPPORT_PHONE,
  email: e.SUPPORT_EMAIL,
  billingPortalUrl: e.BILLING_PORTAL_URL,
  brandColour: e.BRAND_COLOUR,
});

/** The rate limits per client and route (docs/decisions/010-limits.md). */
const limitsOf = (e: Env): Config['limits'] => ({
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
});

const retentionOf = (e: Env): Config['retention'] => ({
  leadsMonths: e.RETAIN_LEADS_MONTHS,
  mailDays: e.RETAIN_MAIL_DAYS,
  notificationsDays: e.RETAIN_NOTIFICATIONS_DAYS,
  clientAddressesDays: e.RETAIN_CLIENT_ADDRESSES_DAYS,
  abandonedHoldsDays: e.RETAIN_ABANDONED_HOLDS_DAYS,
  cancelledOrdersMonths: e.RETAIN_CANCELLED_ORDERS_MONTHS,
  funnelTabsDays: e.RETAIN_FUNNEL_TABS_DAYS,
  savedSignupsDays: e.RETAIN_SAVED_SIGNUPS_DAYS,
});

/** Finish later's link and the abandoned sign-up's reminder (docs/rules/mail.md#finish-later). */
const finishLaterOf = (e: Env): Config['finishLater'] => ({
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
});

/** The outside services' keys, as the environment gives them. */
const keysOf = (e: Env): Config['keys'] => ({
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
});

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
  refuseBadPairs(e);
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
    provider: providerOf(e),
    holdSeconds: e.RESERVATION_HOLD_SECONDS,
    addressIndexSize: e.ADDRESS_INDEX_SIZE,
    autocompleteTimeoutMs: e.AUTOCOMPLETE_TIMEOUT_MS,
    autocompleteKept: e.AUTOCOMPLETE_KEPT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    pagesPerMinute: e.PAGES_PER_MINUTE,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    limits: limitsOf(e),
    retention: retentionOf(e),
    retentionEveryMs: e.RETENTION_SWEEP_MINUTES * 60_000,
    finishLater: finishLaterOf(e),
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
    keys: keysOf(e),
  };
}
