import type { FastifyInstance } from 'fastify';
import {
  campaignAnswer,
  codeParams,
  couponAnswer,
  couponBody,
  couponQuery,
  errorAnswer,
  noCampaignAnswer,
  providerParams,
} from '@fibre/domain/api';
import { eligibleCoupon, referralCoupon } from '@fibre/domain/offers';
import { messages } from '@fibre/domain/shared';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { findCoupon } from './repository.ts';
import { campaignPeriod } from './campaign-period.ts';
import { defineRoute, registerDefined, type AnyRoute } from '../http/define.ts';
import { checkProvider } from '../http/provider.ts';

const invalidCoupon = () => new HttpError(404, 'coupon_invalid', messages.couponInvalid);

export function offerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [
    campaignRoute(ctx),
    validateCouponRoute(ctx),
    couponRoute(ctx),
    referralRoute(ctx),
  ]);
}

// The catalogue being served, at each request: an import changes it under a running server.
const rspNow = (ctx: AppContext) => ctx.catalogue.current().provider.code;

const providerCodeParams = providerParams.extend(codeParams.shape);
const invalid = { description: 'coupon_invalid: the code is invalid', schema: errorAnswer };
const unknownProvider = {
  description: 'Unknown provider, or the code is invalid',
  schema: errorAnswer,
};

/** The building's running campaign. */
function campaignRoute(ctx: AppContext): AnyRoute {
  return defineRoute({
    method: 'GET',
    url: '/api/v1/public/building/:code/campaign',
    loggedParams: ['code'],
    operationId: 'getBuildingCampaign',
    summary: "The building's running campaign; 404 with status 'resource not found' when none",
    tags: ['offers'],
    security: 'public',
    params: codeParams,
    responses: {
      200: { description: 'The campaign', schema: campaignAnswer },
      404: {
        description: "No running campaign: status 'resource not found'",
        schema: noCampaignAnswer,
      },
    },
    handler: async (request) => {
      const building = request.params.code.toUpperCase();
      // The served catalogue's, in memory (docs/decisions/020-reads-from-memory.md).
      const row = ctx.catalogue.current().buildings.campaignOf(building);
      const period = row && campaignPeriod(row.starts, row.ends, row.state);
      const now = ctx.now();
      if (!row || !period || now < period.start || now >= period.end) {
        throw new HttpError(404, 'not_found', messages.resourceNotFound, undefined, {
          status: messages.resourceNotFound,
        });
      }
      return {
        id: row.id,
        name: row.name,
        rsp: row.rsp,
        startDate: period.start.toISOString(),
        endDate: period.end.toISOString(),
        terms: row.terms,
        couponCode: row.coupon_code,
        monthsFree: row.months_free,
        referral: false,
        moveIn: false,
      };
    },
  });
}

/** Validates a coupon code for the chosen plans. */
function validateCouponRoute(ctx: AppContext): AnyRoute {
  const db = ctx.database.db;
  return defineRoute({
    method: 'POST',
    url: '/api/v1/:provider/coupon',
    loggedParams: ['provider'],
    operationId: 'validateCoupon',
    summary: 'Validates a coupon code for the chosen plans; 202 when valid',
    tags: ['offers'],
    security: 'public',
    params: providerParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    body: couponBody,
    responses: {
      202: { description: 'A valid coupon', schema: couponAnswer },
      404: unknownProvider,
    },
    handler: async (request, reply) => {
      const body = request.body;
      // The wizard's preview: its own plans and address. The install decides from the building.
      const use = { planIds: body.plan_ids, postcode: body.postcode, suburb: body.suburb };
      const coupon = eligibleCoupon(await findCoupon(db, rspNow(ctx), body.coupon_id), use);
      if (!coupon) throw invalidCoupon();
      return reply.status(202).send(coupon);
    },
  });
}

/** A coupon by code, for a plan. */
function couponRoute(ctx: AppContext): AnyRoute {
  const db = ctx.database.db;
  return defineRoute({
    method: 'GET',
    url: '/api/v1/:provider/coupon/:code',
    loggedParams: ['provider'],
    operationId: 'getCoupon',
    summary: 'Fetches a coupon by code, for a plan',
    tags: ['offers'],
    security: 'public',
    params: providerCodeParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    query: couponQuery,
    responses: {
      200: { description: 'The coupon', schema: couponAnswer },
      404: unknownProvider,
    },
    handler: async (request) => {
      const id = request.params.code;
      const { plan_id } = request.query;
      const use = { planIds: plan_id ? [plan_id] : [] };
      const coupon = eligibleCoupon(await findCoupon(db, rspNow(ctx), id), use);
      if (!coupon) throw invalidCoupon();
      return coupon;
    },
  });
}

/** Checks a referral or sales code. */
function referralRoute(ctx: AppContext): AnyRoute {
  const db = ctx.database.db;
  return defineRoute({
    method: 'GET',
    url: '/api/v1/:provider/referral/:code',
    loggedParams: ['provider'],
    operationId: 'checkReferral',
    summary: 'Checks a referral or sales code; 202 when valid',
    tags: ['offers'],
    security: 'public',
    params: providerCodeParams,
    before: (request) => checkProvider(request, ctx.catalogue.current().provider.code),
    responses: {
      202: { description: 'A valid referral or sales code', schema: couponAnswer },
      404: invalid,
    },
    handler: async (request, reply) => {
      const id = request.params.code;
      const coupon = referralCoupon(await findCoupon(db, rspNow(ctx), id));
      if (!coupon) throw invalidCoupon();
      return reply.status(202).send(coupon);
    },
  });
}
