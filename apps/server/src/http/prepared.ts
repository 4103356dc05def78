import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer serialised once and sent as it is, with the tag that names it
 * (docs/decisions/020-reads-from-memory.md): the catalogue's plans and routers per version, a
 * month's bookings per state of the month.
 */
export interface PreparedAnswer {
  /** The JSON text. */
  body: string;
  /** A strong entity tag, quotes included: '"catalogue-7-plans"'. */
  etag: string;
  /** The body gzipped, made the first time a browser that accepts gzip asks (sendPrepared). */
  gzipped?: Buffer;
}

export function prepared(value: unknown, etag: string): PreparedAnswer {
  return { body: JSON.stringify(value), etag: `"${etag}"` };
}

/**
 * An answer tagged by what it says: a digest of its text, so the same answer gets the same tag on
 * every instance, and any change to it (a hold, a booking, a closure) a new one.
 */
export function digested(value: unknown): PreparedAnswer {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Whether an If-None-Match header names this tag: a list of tags, weak or strong (compared
 * weakly, RFC 9110 13.1.2), or `*`.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/** Answers this long or longer go out gzipped to clients that accept it, as the wizard's files do. */
const GZIP_FROM_BYTES = 1024;

/** Whether an Accept-Encoding header accepts gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends the answer with its ETag, or 304 without a body when the client already holds it.
 * `no-cache`: a browser keeps the answer but asks again every time, sending the tag.
 * A client that accepts gzip gets the body gzipped once per answer (three months of bookings:
 * some 140 KB of JSON, a few KB gzipped), under its own tag: a tag names one representation
 * (RFC 9110 8.8.3).
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  const long = answer.body.length >= GZIP_FROM_BYTES;
  const gzip = long && acceptsGzip(request.headers['accept-encoding']);
  const etag = gzip ? `${answer.etag.slice(0, -1)}-gzip"` : answer.etag;
  void reply.header('etag', etag).header('cache-control', 'no-cache');
  if (long) void reply.header('vary', 'accept-encoding');
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  if (!gzip) return reply.send(answer.body);
  answer.gzipped ??= gzipSync(answer.body);
  return reply.header('content-encoding', 'gzip').send(answer.gzipped);
}
