import { ConfigError, type Config } from '../config.ts';
import { configuredServices } from '../services.ts';

/**
 * Production mode (README, configuration; docs/decisions/011-catalogue-as-data.md): with
 * NODE_ENV=production the server refuses to start on a demo part, naming every one at once,
 * unless ALLOW_DEMO=1 says a demo deployment is meant. `npm start` (development) is unchanged.
 */

const heading =
  'NODE_ENV=production refuses to start on demo parts (ALLOW_DEMO=1 if a demo deployment is meant):';

const unset = (config: Config, names: Array<keyof Config['keys']>) =>
  names.filter((name) => !config.keys[name]);

/** What is missing before the database opens; an empty list lets the start go on. */
export function productionGaps(config: Config): string[] {
  if (config.env !== 'production' || config.allowDemo) return [];
  const gaps: string[] = [];
  if (!config.databaseUrl) gaps.push('DATABASE_URL is not set: the embedded PGlite would be used');
  const services = configuredServices(config);
  if (!services.chargebeeJs || !config.keys.CHARGEBEE_PUBLISHABLE_KEY) {
    const names = unset(config, ['CHARGEBEE_SITE', 'CHARGEBEE_PUBLISHABLE_KEY']);
    gaps.push(`${names.join(' and ')} not set: the test-mode card vault would take cards`);
  }
  if (!services.chargebeeBilling) {
    const names = unset(config, ['CHARGEBEE_SITE', 'CHARGEBEE_API_KEY']);
    gaps.push(`${names.join(' and ')} not set: orders would be billed to the local ledger`);
  }
  // OPS_WEBHOOK_URL over plain HTTP is refused as the configuration loads, ALLOW_DEMO or not
  // (config.ts; docs/rules/webhooks.md#where-an-endpoint-may-point).
  // Staff sign-in tokens and their session must not cross the network in the clear.
  const issuer = config.operatorSignIn.oidc?.issuer;
  if (issuer && new URL(issuer).protocol !== 'https:') {
    gaps.push('OIDC_ISSUER is not https: staff sign-in would travel unencrypted');
  }
  // Endpoints' signing secrets are encrypted at rest with it (docs/decisions/027-webhooks.md).
  if (!config.webhooks.secretKey) {
    gaps.push('WEBHOOK_SECRET_KEY is not set: webhook signing secrets would be stored in clear');
  }
  // Links in customer mail must reach the site, not the server's own localhost.
  if (!config.publicUrlSet) {
    gaps.push(`PUBLIC_URL is not set: links in mail would point at ${config.publicUrl}`);
  }
  return gaps;
}

/** Before the database: the parts configuration alone shows; the catalogue is named too. */
export function refuseDemoParts(config: Config): void {
  const gaps = productionGaps(config);
  if (gaps.length === 0) return;
  if (!config.catalogueFile) {
    gaps.push(
      'CATALOGUE_FILE is not set: the demo catalogue would be served (unless one was imported)',
    );
  }
  throw new ConfigError(`${heading}\n  ${gaps.join('\n  ')}`);
}

/** After the database opened: the catalogue it serves must not be the demo's. */
export function refuseDemoCatalogue(config: Config, isDemo: boolean): void {
  if (config.env !== 'production' || config.allowDemo || !isDemo) return;
  throw new ConfigError(
    `${heading}\n  CATALOGUE_FILE is not set and the database serves the demo catalogue: set it, or import the provider's file (npm run catalogue -- import FILE)`,
  );
}
