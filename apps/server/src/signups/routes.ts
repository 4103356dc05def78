import {
  errorAnswer,
  finishLaterAnswer,
  finishLaterBody,
  holdSessionPattern,
  newLinkAnswer,
  providerParams,
  remindMeAnswer,
  remindMeBody,
  resumeAnswer,
  signupTokenParams,
} from '@fibre/domain/api';
import { finishLaterMessages as words } from '@fibre/domain/shared';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { checkProvider } from '../http/provider.ts';
import { defineRoute, registerDefined, type AnyRoute } from '../http/define.ts';
import { escapeHtml, hashOrderToken } from '../mail/index.ts';
import {
  mailNewLink,
  resumeSignup,
  saveForLater,
  saveForReminder,
  withdrawReminder,
} from './finish-later.ts';
import { findUnsubscribeAddress, unsubscribeSignup } from './repository.ts';

/*
 * Finish later and the reminder to finish (docs/rules/mail.md): saving the sign-up with a link
 * mailed, opening the link once, and the one-click unsubscribe (RFC 8058). The token is in the
 * path, so the log shows it as [token] (http/logging.ts); it is never logged.
 */

export const UNSUBSCRIBE_PATH = '/api/v1/public/unsubscribe/';

/**
 * A small page of the server's own, with no script: the unsubscribe link's answers. It names the
 * provider and carries its colour as an accent only (a border), so any catalogue colour reads; the
 * text and the button keep their own contrast (docs/rules/mail.md, "Unsubscribing").
 */
function page(
  provider: { name: string; colour: string },
  heading: string,
  text: string,
  form: boolean,
): string {
  const e = escapeHtml;
  // '#rrggbb', as the catalogue's schema allows no other (docs/catalogue.md).
  const accent = provider.colour;
  return `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${e(heading)} · ${e(provider.name)}</title>
<style>
body{margin:0;background:#f4f6f9;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{background:#fff;border-top:4px solid ${accent};border-bottom:1px solid #d9dee7;padding:1rem}
header p{margin:0 auto;max-width:36rem;font-weight:700}
main{margin:2rem auto;max-width:36rem;padding:0 1rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .75rem}
button{margin-top:.5rem;min-height:3rem;padding:.65rem 1.4rem;border:0;border-radius:999px;background:#1f2937;color:#fff;font:inherit;font-weight:650;cursor:pointer}
button:focus-visible{outline:3px solid ${accent};outline-offset:2px}
</style></head>
<body>
<header><p>${e(provider.name)}</p></header>
<main>
<h1>${e(heading)}</h1>
<p>${e(text)}</p>
${form ? `<form method="post"><button type="submit">${e(words.unsubscribeButton)}</button></form>` : ''}
</main>
</body>
</html>
`;
}

/**
 * The wizard's hold session (X-Hold-Session), when it sent a well-formed one: the proof that the
 * hold in the saved state is this visitor's (docs/rules/mail.md#finish-later). Anything else
 * proves nothing, and the sign-up is saved without its hold.
 */
function holdSessionOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-hold-session'];
  return typeof value === 'string' && holdSessionPattern.test(value) ? value : undefined;
}

/** A browser (Accept: text/html before any application/json) gets a page; anyone else JSON. */
function wantsHtml(accept: string | undefined): boolean {
  const html = accept?.indexOf('text/html') ?? -1;
  const json = accept?.indexOf('application/json') ?? -1;
  return html >= 0 && (json < 0 || html < json);
}

const error = (description: string) => ({ description, schema: errorAnswer });
const providerOf = (ctx: AppContext) => ctx.catalogue.current().provider;

/** The saved sign-up's answers and pages are never cached, and their URL carries a token. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').send(body);

/** A token that opens nothing: the page for a browser, the error answer for anyone else. */
function unknownLink(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (wantsHtml(request.headers.accept)) {
    return html(reply, 404, page(providerOf(ctx), words.notFoundHeading, words.notFound, false));
  }
  throw notFound(words.notFound);
}

const unknownAnswer = {
  description: 'not_found: the token opens nothing (a page for a browser that asks for one)',
  schema: errorAnswer,
  html: true,
};

export function signupRoutes(app: FastifyInstance, ctx: AppContext): void {
  acceptUnsubscribeForm(app);
  registerDefined(app, [
    finishLaterRoute(ctx),
    remindMeRoute(ctx),
    withdrawReminderRoute(ctx),
    resumeRoute(ctx),
    newLinkRoute(ctx),
    unsubscribePageRoute(ctx),
    unsubscribeRoute(ctx),
  ]);
}

/**
 * RFC 8058: a mail client unsubscribes by POSTing `List-Unsubscribe=One-Click` as a form. The
 * unsubscribe URL alone takes a form body (ignored); every other route still answers 415.
 */
function acceptUnsubscribeForm(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (request, _body, done) => {
      if (request.url.startsWith(UNSUBSCRIBE_PATH)) done(null, {});
      else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
    },
  );
}

/** Finish later: the sign-up saved, a link mailed. */
function finishLaterRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/api/v1/:provider/signups/finish-later',
    loggedParams: ['provider'],
    operationId: 'finishLater',
    summary: 'Saves the sign-up and mails a link to finish it later, on any device',
    description:
      "The wizard's serialised state, from the contact step on, checked against the wizard's state (unknown keys dropped, strings bounded, at most FINISH_LATER_MAX_BYTES); the server takes out card data, keeps the hold only when the X-Hold-Session sent holds it, keeps the consent to one reminder, replaces the email's older saved sign-up, and mails the contact's email a link. Cache-Control: no-store (docs/rules/mail.md#finish-later).",
    tags: ['wizard'],
    security: 'public',
    params: providerParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    body: finishLaterBody,
    responses: {
      202: { description: 'Saved; the link is in the outbox', schema: finishLaterAnswer },
      400: error('Bad input: no contact email, a step before contact, or too large'),
      404: error('Unknown provider'),
      429: error(
        'rate_limited: too many links asked for from this client address (LEADS_PER_MINUTE); too_many_links: FINISH_LATER_LINKS_PER_HOUR links already mailed to this email in the last hour',
      ),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return reply.status(202).send(await saveForLater(ctx, request.body, holdSessionOf(request)));
    },
  });
}

/** The marketing box ticked: the sign-up saved for the one reminder. */
function remindMeRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/api/v1/:provider/signups/remind-me',
    loggedParams: ['provider'],
    operationId: 'remindMe',
    summary: 'Saves the sign-up for the one reminder: the marketing box ticked, no link mailed now',
    description:
      "The wizard's serialised state, as finish later's, when the visitor ticks the payment step's marketing box; the consent is the box's words. Answers a token that withdraws it (docs/rules/mail.md#the-reminder-to-finish).",
    tags: ['wizard'],
    security: 'public',
    params: providerParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    body: remindMeBody,
    responses: {
      202: { description: 'Saved for the reminder; nothing mailed now', schema: remindMeAnswer },
      400: error('Bad input: no contact email, a step before contact, or too large'),
      404: error('Unknown provider'),
      429: error(
        'rate_limited: too many asked for from this client address (LEADS_PER_MINUTE); too_many_links: FINISH_LATER_LINKS_PER_HOUR sign-ups already saved for this email in the last hour',
      ),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return reply
        .status(202)
        .send(await saveForReminder(ctx, request.body, holdSessionOf(request)));
    },
  });
}

/** The marketing box unticked: the reminder withdrawn. */
function withdrawReminderRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/api/v1/public/signups/withdraw/:token',
    operationId: 'withdrawReminder',
    summary: 'Withdraws the reminder of a sign-up saved when the marketing box was ticked',
    description:
      'The token remind-me answered: the marketing box unticked, that sign-up is never reminded (docs/rules/mail.md#the-reminder-to-finish).',
    tags: ['wizard'],
    security: 'public',
    params: signupTokenParams,
    responses: {
      204: { description: 'Withdrawn (again is harmless)' },
      404: error('not_found: the token names nothing'),
      429: error('Too many link requests from this address (ORDER_PAGE_PER_MINUTE)'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      await withdrawReminder(ctx, request.params.token);
      return reply.status(204).send();
    },
  });
}

/** The mailed link, opened once. */
function resumeRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/api/v1/public/signups/resume/:token',
    operationId: 'resumeSignup',
    summary: 'Opens a saved sign-up once: its state, with the hold while it still holds',
    description:
      'The token of the mailed link (/resume/<token>). Cache-Control: no-store (docs/rules/mail.md#finish-later).',
    tags: ['wizard'],
    security: 'public',
    params: signupTokenParams,
    responses: {
      200: { description: 'The saved sign-up', schema: resumeAnswer },
      404: error('not_found: the token opens nothing'),
      409: error('link_expired: the link has expired; link_used: it was opened before'),
      429: error('Too many link openings from this address (ORDER_PAGE_PER_MINUTE)'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return resumeSignup(ctx, request.params.token);
    },
  });
}

/** A new link for a used or expired one. */
function newLinkRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/api/v1/public/signups/new-link/:token',
    operationId: 'mailNewSignupLink',
    summary: "Mails a new link for a used or expired one, to the sign-up's own address",
    description:
      "No body: the new link goes to the address the sign-up was saved for, which the answer never names. Only the sign-up's newest link may ask; FINISH_LATER_LINKS_PER_HOUR holds per address as for the first link (docs/rules/mail.md#finish-later).",
    tags: ['wizard'],
    security: 'public',
    params: signupTokenParams,
    responses: {
      202: { description: 'The new link is in the outbox', schema: newLinkAnswer },
      400: error('Bad input: a token longer than 200 characters'),
      404: error('not_found: the token names nothing'),
      409: error('link_superseded: a newer link of the sign-up was mailed since this one'),
      429: error(
        'rate_limited: too many links asked for from this client address (LEADS_PER_MINUTE); too_many_links: FINISH_LATER_LINKS_PER_HOUR links already mailed to the address in the last hour',
      ),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return reply.status(202).send(await mailNewLink(ctx, request.params.token));
    },
  });
}

/** The unsubscribe link's page, asking to confirm. */
function unsubscribePageRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'GET',
    url: '/api/v1/public/unsubscribe/:token',
    operationId: 'unsubscribePage',
    summary: 'The unsubscribe link: a page asking to confirm (a GET changes nothing)',
    tags: ['wizard'],
    security: 'public',
    params: signupTokenParams,
    responses: {
      200: { description: 'The page, with its Unsubscribe button', text: 'text/html' },
      404: unknownAnswer,
    },
    handler: async (request, reply) => {
      noStore(reply);
      const known = await findUnsubscribeAddress(
        ctx.database.db,
        hashOrderToken(request.params.token),
      );
      return known !== undefined
        ? html(
            reply,
            200,
            page(
              ctx.catalogue.current().provider,
              words.unsubscribeHeading,
              words.unsubscribeAsk,
              true,
            ),
          )
        : unknownLink(ctx, request, reply);
    },
  });
}

/** The one-click unsubscribe. */
function unsubscribeRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: '/api/v1/public/unsubscribe/:token',
    operationId: 'unsubscribe',
    summary: 'Unsubscribes from the reminder to finish, in one click (RFC 8058)',
    description:
      'No cookie, no CSRF token: the token in the path is the proof. Takes `List-Unsubscribe=One-Click` as a form, or no body (docs/rules/mail.md#the-reminder-to-finish).',
    tags: ['wizard'],
    security: 'public',
    params: signupTokenParams,
    responses: {
      200: { description: 'Unsubscribed (again is harmless)', text: 'text/html' },
      404: unknownAnswer,
    },
    handler: async (request, reply) => {
      noStore(reply);
      const done = await unsubscribeSignup(
        ctx.database.db,
        hashOrderToken(request.params.token),
        ctx.now(),
      );
      return done
        ? html(
            reply,
            200,
            page(
              ctx.catalogue.current().provider,
              words.unsubscribedHeading,
              words.unsubscribed,
              false,
            ),
          )
        : unknownLink(ctx, request, reply);
    },
  });
}
