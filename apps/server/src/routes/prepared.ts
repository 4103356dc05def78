import { createHash } from 'node:crypto';
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

/**
 * Sends the answer with its ETag, or 304 without a body when the client already holds it.
 * `no-cache`: a browser keeps the answer but asks again every time, sending the tag.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  void reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  if (noneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
