import Rollbar from 'rollbar';
import type { ErrorReporter, RollbarSettings } from './error-reporting.ts';

/**
 * The error-reporting service's limits (docs/rules/outside-parts.md): 60 items a minute, at most
 * 100 telemetry events; rollbar.js truncates every report to 512 KB by itself (its transport's
 * default).
 */
export const ROLLBAR_LIMITS = { itemsPerMinute: 60, maxTelemetryEvents: 100 } as const;

/**
 * Everything the wizard's forms collect and send, should a value ever reach a report: the forms'
 * own names and the API bodies' (the card and bank account vaults', the install's).
 */
export const personalFields = [
  'firstName',
  'lastName',
  'first_name',
  'last_name',
  'email',
  'confirmEmail',
  'phone',
  'mobile',
  'unit',
  'address',
  'suburb',
  'postcode',
  'formatted_address',
  'number',
  'cvv',
  'expiry_month',
  'expiry_year',
  'cb_token',
  'tmp_token',
  'name',
  'bank_account',
  'account_name',
  'bsb',
  'account_number',
];

/** The official rollbar.js: uncaught errors and unhandled rejections, and what we report. */
export function rollbarReporter(settings: RollbarSettings): ErrorReporter {
  const rollbar = new Rollbar({
    accessToken: settings.accessToken,
    endpoint: settings.endpoint,
    environment: settings.environment,
    captureUncaught: true,
    captureUnhandledRejections: true,
    itemsPerMinute: ROLLBAR_LIMITS.itemsPerMinute,
    maxTelemetryEvents: ROLLBAR_LIMITS.maxTelemetryEvents,
    // No personal data: no IP address, no typed values in telemetry, form fields scrubbed.
    captureIp: false,
    scrubTelemetryInputs: true,
    scrubFields: personalFields,
    autoInstrument: { network: true, log: true, dom: true, navigation: true, connectivity: true },
  });
  return {
    report(error, context) {
      rollbar.error(error, context ?? {});
    },
  };
}
