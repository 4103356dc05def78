import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local HTTP server that stands in for a third-party API in tests: it answers the
 * documented endpoints an adapter calls (each stand-in says which) and records every request, so
 * tests assert the exact paths, headers and bodies the adapter sent. Loopback only.
 */
export interface RecordedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The raw body. */
  text: string;
  /** The body parsed as a form, for form-encoded requests. */
  form: URLSearchParams;
  /** The body parsed as JSON, for JSON requests. */
  json: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply> | 'hang' | 'drop';

export interface StandIn {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  requests: RecordedRequest[];
  /** Cuts the connections of requests left hanging, as a crash or a network fault would. */
  dropHanging(): void;
  close(): Promise<void>;
}

export async function startStandIn(handler: Handler): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const type = String(req.headers['content-type'] ?? '');
      let json: unknown = undefined;
      if (type.includes('json')) {
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        text,
        form: new URLSearchParams(type.includes('x-www-form-urlencoded') ? text : ''),
        json,
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded))
        .then((reply) => {
          if (reply === 'hang') return void hanging.add(res);
          if (reply === 'drop') return void req.socket.destroy();
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: String(error) }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    dropHanging() {
      for (const res of hanging) res.socket?.destroy();
      hanging.clear();
    },
    async close() {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
