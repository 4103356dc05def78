import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signedHeaders } from './signing.ts';
import {
  guardedLookup,
  literalRefusal,
  NOT_HTTPS_DELIVERY,
  TargetRefused,
  type ResolveHost,
} from './targets.ts';
import { notHttpsInProduction } from '../config.ts';

/** One delivery's POST (docs/rules/webhooks.md#what-is-sent): the body, signed. */

export interface WebhookTarget {
  url: string;
  secret: string;
  timeoutMs: number;
}

/**
 * Where a delivery may connect: WEBHOOK_ALLOWED_HOSTS, the resolver, and NODE_ENV (https only in
 * production) (targets.ts).
 */
export interface TargetRule {
  allowedHosts: readonly string[];
  resolve: ResolveHost;
  env: string;
}

/** The body of every delivery: the event's id, type, time, payload version and data. */
export interface EventBody {
  id: string;
  type: string;
  timestamp: string;
  version: 1;
  data: Record<string, unknown>;
}

/** The receiver's status code (null when it did not answer) and whether it was a 2xx. */
export class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * What a viewer sees of an endpoint's URL (docs/rules/webhooks.md#endpoints): its scheme and host
 * only. Credentials, a path or a query may carry a receiver's token, which only a manager reads.
 */
export function urlHostOnly(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(not a URL)';
  }
}

/**
 * A delivery's error with the URL's secrets taken out (docs/rules/webhooks.md#delivery-and-retries):
 * the error is stored, shown to managers and logged, so the whole URL, its credentials, path and
 * query never appear in it, only its host.
 */
export function withoutUrlSecrets(message: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return message.split(text).join('(the endpoint’s URL)');
  }
  const host = urlHostOnly(text);
  const secrets = [
    text,
    url.href,
    url.username,
    url.password,
    url.pathname + url.search,
    url.search,
    url.hash,
  ]
    .concat([decodeURIComponent(url.username), decodeURIComponent(url.password)])
    .filter((part) => part.length > 1 && part !== '/')
    .sort((a, b) => b.length - a.length);
  let out = message;
  for (const part of secrets)
    out = out.split(part).join(part === text || part === url.href ? host : '…');
  return out;
}

/**
 * At most this much of a receiver's answer is read (docs/rules/webhooks.md#delivery-and-retries):
 * only its status counts, and a receiver that answers gigabytes, or forever, must not fill the
 * server's memory or hold its connection.
 */
export const ANSWER_READ_BYTES = 4096;

/**
 * Resolves with the receiver's 2xx status; throws DeliveryFailed otherwise. The signature's time
 * is the wall clock's, whatever the app's clock says: the receiver compares it with its own.
 * The host is checked before connecting (an address in the URL) and in the connection's lookup (a
 * name), so nothing inside is ever connected to, and in production nothing but https is
 * (config.ts, notHttpsInProduction).
 * Redirects are not followed.
 */
export async function postDelivery(
  target: WebhookTarget,
  event: EventBody,
  rule: TargetRule,
): Promise<number> {
  try {
    return await post(target, event, rule);
  } catch (error) {
    // Whatever failed, the error that is stored and logged names the host, never the URL's secrets.
    const message = error instanceof Error ? error.message : String(error);
    const status = error instanceof DeliveryFailed ? error.status : null;
    const reason = error instanceof DeliveryFailed ? message : `no answer: ${message}`;
    throw new DeliveryFailed(withoutUrlSecrets(reason, target.url), status);
  }
}

async function post(target: WebhookTarget, event: EventBody, rule: TargetRule): Promise<number> {
  const url = new URL(target.url);
  // An endpoint stored with an http URL before the https rule is never sent to in production.
  if (notHttpsInProduction(url, rule.env)) throw new DeliveryFailed(NOT_HTTPS_DELIVERY, null);
  const refused = literalRefusal(url, rule.allowedHosts);
  if (refused) throw new DeliveryFailed(`refused: ${refused.message}`, null);
  const body = JSON.stringify(event);
  // One deadline for the whole attempt: connecting, the status, and the answer's first KB.
  const deadline = Date.now() + target.timeoutMs;
  const status = await new Promise<number>((resolve, reject) => {
    const fail = (reason: string) => reject(new DeliveryFailed(reason, null));
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(url, rule.allowedHosts, rule.resolve),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'fibre-signup-webhooks/1',
          ...signedHeaders(target.secret, event.id, new Date(), body),
        },
      },
      (response: IncomingMessage) => {
        clearTimeout(timer);
        const code = response.statusCode ?? 0;
        // A few KB at most, then the connection is cut: the answer's words are never needed.
        let read = 0;
        const done = () => {
          clearTimeout(trickle);
          response.destroy();
          request.destroy();
          resolve(code);
        };
        // A receiver that sends its status and then trickles forever is cut at the deadline too.
        const trickle = setTimeout(done, Math.max(0, deadline - Date.now()));
        trickle.unref();
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= ANSWER_READ_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
        response.on('aborted', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${target.timeoutMs} ms`));
    }, target.timeoutMs);
    timer.unref();
    request.on('error', (error) => {
      clearTimeout(timer);
      fail(
        error instanceof TargetRefused
          ? `refused: ${error.message}`
          : `no answer: ${error.message}`,
      );
    });
    request.end(body);
  });
  if (status < 200 || status > 299) throw new DeliveryFailed(`receiver answered ${status}`, status);
  return status;
}
