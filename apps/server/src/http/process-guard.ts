import { isConnectionLoss, isDatabaseUnavailable } from './database-unavailable.ts';

/**
 * A promise nobody awaited that failed because the database connection was lost (a background
 * step during a restart or a failover, docs/deploy.md "When the database restarts"): the pools
 * reconnect on demand, so the server says so and carries on.
 */
export function survivesRejection(reason: unknown): boolean {
  return isDatabaseUnavailable(reason) || isConnectionLoss(reason);
}

/**
 * The server's 'unhandledRejection' listener (server.ts). A lost database connection is logged and
 * survived; any other rejection is a fault, and the process stops as Node stops it: with Rollbar
 * watching the process (`reportsProcess`), its own listener reports the rejection first and then
 * stops the process (http/error-reporting.ts); without it, the rejection is thrown on, as
 * Node's default does.
 */
export function rejectionListener(options: {
  log: () => { warn(details: object, message: string): void } | undefined;
  reportsProcess: boolean;
}): (reason: unknown) => void {
  return (reason) => {
    if (survivesRejection(reason)) {
      const log = options.log();
      const message = 'database connection lost in a background step; carrying on';
      if (log) log.warn({ err: reason }, message);
      else console.error(message);
      return;
    }
    if (!options.reportsProcess) throw reason;
  };
}
