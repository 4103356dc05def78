import { Counter, Histogram, Registry } from 'prom-client';
import { isDatabaseUnavailable } from '../http/database-unavailable.ts';
import { visitorAnswer } from '../http/errors.ts';
import { processRegistry } from './process-metrics.ts';

/**
 * The app's Prometheus metrics (README, Metrics). One registry per app, never prom-client's
 * global one: tests build many apps in one process, and each counts only its own requests. The
 * process's own figures (event-loop lag, memory, CPU) are the process's, kept once in
 * process-metrics.ts and added to every app's text.
 */

export type HoldOutcome = 'made' | 'refused' | 'released' | 'extended';

/** The limits a refusal is counted under: the route groups of plugins/rate-limits.ts and these. */
export type RateLimit = 'global' | 'holds_per_client' | (string & {});

export interface Metrics {
  registry: Registry;
  /** The Prometheus text exposition of this app and of the process. */
  text(): Promise<string>;
  contentType: string;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  adapterDuration: Histogram<'adapter' | 'operation' | 'outcome'>;
  adapterErrors: Counter<'adapter' | 'operation'>;
  hold(outcome: HoldOutcome, count?: number): void;
  rateLimited(limit: RateLimit): void;
  /**
   * An install that placed no order, by its answer's error code, or a cause named here (an order
   * kept as needs_attention).
   */
  installFailed(failure: unknown): void;
  /** An ops notification's delivery attempt (docs/rules/webhooks.md), by outcome. */
  notification(outcome: NotificationOutcome): void;
  /** A customer mail's sending attempt (docs/rules/mail.md), by outcome. */
  mail(outcome: NotificationOutcome): void;
  /** Rows the retention sweep deleted or cleared (docs/rules/retention.md), by kind. */
  retained(kind: string, count: number): void;
}

export type NotificationOutcome = 'delivered' | 'failed' | 'gave_up';

/** The cause for an order kept for a person, and the code its 503 answers with. */
export const NEEDS_ATTENTION = 'order_needs_attention';

/** Up to 30 s: an external service's call may run to its timeout. */
const ADAPTER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const holds = new Counter({
    name: 'fibre_holds_total',
    help: 'Installation holds made, refused (window full or closed, or HOLDS_PER_CLIENT reached), released and extended',
    labelNames: ['outcome'] as const,
    registers,
  });
  const rateLimited = new Counter({
    name: 'fibre_rate_limited_total',
    help: 'Requests refused by a rate limit (docs/decisions/010-limits.md), by limit',
    labelNames: ['limit'] as const,
    registers,
  });
  const installFailures = new Counter({
    name: 'fibre_install_failures_total',
    help: 'Installs that placed no order, or kept one as needs_attention, by cause (the answer’s error code)',
    labelNames: ['cause'] as const,
    registers,
  });
  const notifications = new Counter({
    name: 'fibre_ops_notifications_total',
    help: 'Ops notification delivery attempts: delivered, failed (retried later) or gave_up',
    labelNames: ['outcome'] as const,
    registers,
  });
  const mail = new Counter({
    name: 'fibre_mail_total',
    help: 'Customer mail sending attempts: delivered, failed (retried later) or gave_up',
    labelNames: ['outcome'] as const,
    registers,
  });
  const retention = new Counter({
    name: 'fibre_retention_removed_total',
    help: 'Rows the retention sweep deleted or cleared of personal data (docs/decisions/023-retention.md), by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  return {
    registry,
    contentType: registry.contentType,
    async text() {
      const [own, shared] = await Promise.all([registry.metrics(), processRegistry().metrics()]);
      return `${own}\n${shared}`;
    },
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    adapterDuration: new Histogram({
      name: 'fibre_adapter_call_duration_seconds',
      help: 'Time of a call to an adapter (billing, scheduling, calendar), by operation and outcome',
      labelNames: ['adapter', 'operation', 'outcome'] as const,
      buckets: ADAPTER_BUCKETS,
      registers,
    }),
    adapterErrors: new Counter({
      name: 'fibre_adapter_errors_total',
      help: 'Adapter calls that failed (not an answer such as a declined card or a full window)',
      labelNames: ['adapter', 'operation'] as const,
      registers,
    }),
    hold: (outcome, count = 1) => {
      if (count > 0) holds.inc({ outcome }, count);
    },
    rateLimited: (limit) => rateLimited.inc({ limit }),
    installFailed(failure) {
      if (typeof failure === 'string') return installFailures.inc({ cause: failure });
      // An answer for the visitor: a Refusal (a service's or an adapter's), or a route's HttpError (http/errors.ts).
      const answer = visitorAnswer(failure);
      // A lost database connection is answered 503 database_unavailable (http/error-handler.ts).
      if (!answer) {
        const cause = isDatabaseUnavailable(failure) ? 'database_unavailable' : 'internal_error';
        return installFailures.inc({ cause });
      }
      // Bad input is no failed install: it shows in the request durations as a 400. An order kept
      // for a person is counted where it is kept (orders/install-external.ts), answered or not.
      if (answer.status === 400 || answer.code === NEEDS_ATTENTION) return;
      installFailures.inc({ cause: answer.code });
    },
    notification: (outcome) => notifications.inc({ outcome }),
    mail: (outcome) => mail.inc({ outcome }),
    retained: (kind, count) => {
      if (count > 0) retention.inc({ kind }, count);
    },
  };
}
