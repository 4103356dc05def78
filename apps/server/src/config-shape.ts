import type { Env } from './config-env.ts';

/* The configuration the server runs with, as loadConfig (config.ts) gives it. */

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
