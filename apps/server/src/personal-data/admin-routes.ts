import {
  errorAnswer,
  personalDataAnswer,
  personalDataCorrectAnswer,
  personalDataCorrectBody,
  personalDataEraseAnswer,
  personalDataEraseBody,
  personalDataExport,
  personalDataQuery,
} from '@fibre/domain/api';
import { personalDataRules } from '@fibre/domain/contact';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AnyRoute } from '../http/define.ts';
import { parse } from '../http/validate.ts';
import { defineAdminRoute, operatorOf } from '../operators/index.ts';
import {
  correctPersonalData,
  erasePersonalData,
  exportPersonalData,
  findPersonalData,
  personOf,
  type Actor,
} from './requests.ts';

/*
 * A person's data, on request (docs/rules/personal-data-requests.md): find, export (APP 12),
 * correct (APP 13) and erase, for managers signed in (no API key), each audited with the manager's email.
 */
export function adminPersonalDataRoutes(ctx: AppContext): AnyRoute[] {
  const common = managersSignedIn;
  return [
    findRoute(ctx, common),
    exportRoute(ctx, common),
    correctRoute(ctx, common),
    eraseRoute(ctx, common),
  ];
}

/** What every route here shares: who may call. */
const managersSignedIn = {
  // Reads too are for managers only: a person's data is not for every operator. And for a person
  // signed in, never a key: a key that corrects a customer's email to its holder's, then mails the
  // order link again, would hold the order (docs/decisions/026-api-keys.md).
  role: 'manager',
  key: 'session',
} as const;

type Common = typeof managersSignedIn;

const error = (description: string) => ({ description, schema: errorAnswer });
const badInput = error(
  'invalid_input: neither or both of email and mobile, an email or mobile that is not one, or (correct) no corrected detail or one that breaks its rule',
);
const nothingHeld = error(
  'nothing_held: no order, lead or saved sign-up is held for this email or mobile',
);

/** The manager acting, now. */
const actor = (ctx: AppContext, request: FastifyRequest): Actor => ({
  email: operatorOf(request).email,
  at: ctx.now(),
});

/** Each field by the contact step's rule (400 `invalid_input` naming it). */
const checked = (input: object) => parse(personalDataRules, input);

/** Everything held about an email or a mobile. */
function findRoute(ctx: AppContext, common: Common): AnyRoute {
  return defineAdminRoute(ctx, {
    ...common,
    method: 'GET',
    url: '/admin/api/personal-data',
    operationId: 'findPersonalData',
    summary:
      'Everything held about an email or a mobile: orders, leads, mail, holds, audit (managers only; audited)',
    description:
      'Exactly one of `email` (matched ignoring case) and `mobile` (any form of an Australian mobile, matched as +614…). Each order says whether it may be erased and, if not, why (docs/rules/personal-data-requests.md).',
    query: personalDataQuery,
    responses: {
      200: { description: 'What is held, grouped', schema: personalDataAnswer },
      400: badInput,
    },
    handler: async (request) => {
      return findPersonalData(ctx, personOf(checked(request.query)), actor(ctx, request));
    },
  });
}

/** The same, as one JSON file (APP 12). */
function exportRoute(ctx: AppContext, common: Common): AnyRoute {
  return defineAdminRoute(ctx, {
    ...common,
    method: 'GET',
    url: '/admin/api/personal-data/export',
    operationId: 'exportPersonalData',
    summary: 'Everything held about an email or a mobile, as one JSON file (APP 12; audited)',
    description:
      "The find's answer in full (the install's kept body, the embedded ledger's customer and booking, each mail's text, the ops notifications), as an attachment `personal-data-YYYY-MM-DD.json`; the export is audited before it is answered.",
    query: personalDataQuery,
    responses: {
      200: { description: 'The export, as an attachment', schema: personalDataExport },
      400: badInput,
    },
    handler: async (request, reply) => {
      const who = actor(ctx, request);
      const file = await exportPersonalData(ctx, personOf(checked(request.query)), who);
      const day = who.at.toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="personal-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .status(200)
        .send(file);
    },
  });
}

/** Corrects a person's details (APP 13). */
function correctRoute(ctx: AppContext, common: Common): AnyRoute {
  return defineAdminRoute(ctx, {
    ...common,
    method: 'POST',
    url: '/admin/api/personal-data/correct',
    operationId: 'correctPersonalData',
    summary:
      "Corrects a person's first name, last name, email or mobile on their orders and leads (APP 13; audited)",
    description:
      'The embedded ledger and calendar record it; Chargebee and Arrivy are told for each order not cancelled, and `told` says what each said (docs/rules/personal-data-requests.md#correct).',
    body: personalDataCorrectBody,
    responses: {
      200: { description: 'Corrected', schema: personalDataCorrectAnswer },
      400: badInput,
      404: nothingHeld,
    },
    handler: async (request) => {
      const body = checked(request.body);
      const to = body.to ?? {};
      const deps = {
        ctx,
        billing: ctx.billing,
        calendar: ctx.scheduler.calendar,
      };
      return correctPersonalData(
        deps,
        personOf(body),
        {
          ...(to.firstName !== undefined ? { firstName: to.firstName } : {}),
          ...(to.lastName !== undefined ? { lastName: to.lastName } : {}),
          ...(to.email !== undefined ? { email: to.email } : {}),
          ...(to.mobile !== undefined ? { mobile: to.mobile } : {}),
        },
        actor(ctx, request),
      );
    },
  });
}

/** Erases what may be erased of a person. */
function eraseRoute(ctx: AppContext, common: Common): AnyRoute {
  return defineAdminRoute(ctx, {
    ...common,
    method: 'POST',
    url: '/admin/api/personal-data/erase',
    operationId: 'erasePersonalData',
    summary:
      'Erases what may be erased of a person: leads, and orders that never went ahead (audited)',
    description:
      'An order confirmed, being placed, needing attention, or cancelled after its window began is kept: without `partial` that refuses the whole request (409 `not_erasable`, naming each order and why); with `partial: true` the rest is erased and `kept` names them. The Arrivy tasks of the erased orders are then cleared, and `told` says what Arrivy said (docs/rules/personal-data-requests.md#erase).',
    body: personalDataEraseBody,
    responses: {
      200: { description: 'Erased', schema: personalDataEraseAnswer },
      400: badInput,
      404: nothingHeld,
      409: error('not_erasable: an order must be kept (named, with why); nothing was erased'),
    },
    handler: async (request) => {
      return erasePersonalData(
        { ctx, calendar: ctx.scheduler.calendar },
        personOf(checked(request.body)),
        request.body.partial ?? false,
        actor(ctx, request),
      );
    },
  });
}
