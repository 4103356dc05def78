import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';

/*
 * The soak's outside world (bench/README.md, "Soak"): an SMTP sink and a Standard Webhooks
 * receiver that keep what they receive across their outages. Each can refuse for a while, as a
 * mail server or a receiver that is down does: it stops listening and drops the connections it
 * has (the server's pooled SMTP connections, its HTTP keep-alive), then listens again on the same
 * port. Written on node:net and node:http rather than the tests' stand-ins
 * (apps/server/src/test-support/stand-ins), which cannot come back on their port with what they
 * kept.
 */

interface Listening {
  port: number;
  /** Stops listening and drops every open connection. */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

function restartable(server: Server | HttpServer): Omit<Listening, 'port'> & {
  listen(port: number): Promise<number>;
} {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let port = 0;
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        port = typeof address === 'object' && address ? address.port : p;
        resolve(port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return { listen, refuse: stop, resume: () => listen(port).then(() => undefined), close: stop };
}

export interface MailReceipt {
  /** The Message-ID header without its brackets: `<mail row id>@<MAIL_FROM's domain>`. */
  messageId: string;
  at: number;
}

export interface SmtpSink extends Listening {
  received: MailReceipt[];
}

/**
 * SMTP as RFC 5321 needs it for one client that does not pipeline: greeting, EHLO (no STARTTLS,
 * no AUTH offered), MAIL, RCPT, DATA up to the lone dot, RSET, NOOP, QUIT. Every message is
 * accepted and its Message-ID kept.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: MailReceipt[] = [];
  const server = createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.setEncoding('latin1');
    socket.on('error', () => undefined);
    socket.write('220 soak-sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const headers = message.split('\r\n\r\n', 1)[0] ?? '';
          const id = /^message-id:\s*<([^>]+)>/im.exec(headers)?.[1];
          if (id) received.push({ messageId: id, at: Date.now() });
          socket.write('250 2.0.0 accepted\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-soak-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') socket.write('250 soak-sink\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else if (['MAIL', 'RCPT', 'RSET', 'NOOP'].includes(verb)) socket.write('250 ok\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  const control = restartable(server);
  const port = await control.listen(0);
  return { port, received, refuse: control.refuse, resume: control.resume, close: control.close };
}

export interface WebhookDelivery {
  webhookId: string;
  type: string;
  at: number;
}

export interface WebhookReceiver extends Listening {
  url: string;
  /**
   * The receiver's self-signed certificate (PEM), for the instances' NODE_EXTRA_CA_CERTS: in
   * production webhooks go over https only, ALLOW_DEMO=1 or not (docs/rules/webhooks.md).
   */
  caFile: string;
  /** Deliveries whose signature held, repeats included. */
  deliveries: WebhookDelivery[];
  /** Requests whose signature did not hold (answered 400, not counted). */
  badSignatures: number;
}

/**
 * A receiver as the Standard Webhooks specification describes one (docs/rules/webhooks.md,
 * "Verifying a delivery"): `webhook-signature` holds `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<body>` under the `whsec_` secret's bytes. It answers 200 to
 * every signed delivery and counts each by its webhook-id; it does not dedupe, so the soak sees
 * every repeat. It listens over https, on a certificate for 127.0.0.1 made for the run (openssl).
 */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const receiver = {
    deliveries: [] as WebhookDelivery[],
    badSignatures: 0,
  };
  const dir = mkdtempSync(join(tmpdir(), 'soak-hooks-'));
  const [keyFile, caFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const tls = { key: readFileSync(keyFile), cert: readFileSync(caFile) };
  const server = createHttpsServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      const timestamp = String(req.headers['webhook-timestamp'] ?? '');
      const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
      const signed = String(req.headers['webhook-signature'] ?? '')
        .split(' ')
        .some((s) => {
          const given = Buffer.from(s.replace(/^v1,/, ''), 'base64');
          return (
            s.startsWith('v1,') &&
            given.length === expected.length &&
            timingSafeEqual(given, expected)
          );
        });
      if (req.method !== 'POST' || !signed) {
        receiver.badSignatures += 1;
        res.writeHead(400).end();
        return;
      }
      let type = '';
      try {
        type = String((JSON.parse(body) as { type?: unknown }).type ?? '');
      } catch {
        // counted by id all the same
      }
      receiver.deliveries.push({ webhookId: id, type, at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  const control = restartable(server);
  const port = await control.listen(0);
  return Object.assign(receiver, {
    port,
    url: `https://127.0.0.1:${port}/ops`,
    caFile,
    refuse: control.refuse,
    resume: control.resume,
    close: () => control.close().finally(() => rmSync(dir, { recursive: true, force: true })),
  });
}
