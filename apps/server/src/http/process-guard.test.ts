import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable } from './database-unavailable.ts';
import { rejectionListener } from './process-guard.ts';

// docs/deploy.md, "When the database restarts": a rejection nobody awaited that is a lost database
// connection is said and survived; any other still stops the server.
describe("the server's unhandled-rejection listener", () => {
  const lost = [
    new DatabaseUnavailable(new Error('Connection terminated unexpectedly')),
    Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    }),
  ];

  it.each(lost)('logs a lost connection and carries on (%s)', (reason) => {
    const warned: string[] = [];
    const listener = rejectionListener({
      log: () => ({ warn: (_details, message) => warned.push(message) }),
      reportsProcess: false,
    });
    expect(() => listener(reason)).not.toThrow();
    expect(warned).toEqual(['database connection lost in a background step; carrying on']);
  });

  it('throws any other rejection on, as Node does, unless Rollbar watches the process', () => {
    const fault = new TypeError('a bug');
    expect(() => rejectionListener({ log: () => undefined, reportsProcess: false })(fault)).toThrow(
      fault,
    );
    // Rollbar's own listener reports it, then stops the process (http/error-reporting.ts).
    expect(() =>
      rejectionListener({ log: () => undefined, reportsProcess: true })(fault),
    ).not.toThrow();
  });
});
