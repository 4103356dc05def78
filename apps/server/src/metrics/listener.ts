import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.ts';

export interface MetricsListener {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics' own listener on METRICS_PORT (README, Metrics): GET /metrics answers the Prometheus
 * text, anything else 404. Nothing of the public app is reachable here, and the metrics are not
 * reachable on the public port; keep this port behind the firewall.
 */
export async function listenForMetrics(
  metrics: Metrics,
  host: string,
  port: number,
  log: FastifyBaseLogger,
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: the scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  log.info({ host, port: bound }, 'metrics listening');
  return { port: bound, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // A scraper's keep-alive connection would hold the close open.
    server.closeIdleConnections();
  });
}
