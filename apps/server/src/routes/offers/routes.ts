import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eligibleCoupon, messages, referralCoupon } from '@fibre/domain';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import type { RouteDoc } from '../../openapi.ts';
import { findBuildingCampaign, findCoupon } from '../../repositories/offers.ts';
import { parse } from '../../validate.ts';
import { campaignPeriod } from './campaign-period.ts';
import { checkProvider } from '../provider.ts';

const code = z.string().trim().min(1, 'A code is required').max(64, 'The code is too long');
const couponBody = z.object({
  coupon_id: code,
  plan_ids: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
  postcode: z.string().trim().max(8).optional(),
  suburb: z.string().trim().max(80).optional(),
});
const couponQuery = z.object({ plan_id: z.string().trim().max(64).optional() });

export const offerDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/public/building/{code}/campaign',
    summary: "The building's running campaign; 404 with status 'resource not found' when none",
    tag: 'offers',
    responses: { 200: 'Campaign', 404: 'resource not found' },
  },
  {
    method: 'post',
    path: '/api/v1/{provider}/coupon',
    summary: 'Validates a coupon code for the chosen plans; 202 when valid',
    tag: 'offers',
    body: couponBody,
    responses: { 202: 'Valid coupon', 400: 'Bad input', 404: 'Coupon is invalid' },
  },
  {
    method: 'get',
    path: '/api/v1/{provider}/coupon/{code}',
    summary: 'Fetches a coupon by code, for a plan',
    tag: 'offers',
    query: couponQuery,
    responses: { 200: 'Coupon', 404: 'Coupon is invalid' },
  },
  {
    method: 'get',
    path: '/api/v1/{provider}/referral/{code}',
    summary: 'Checks a referral or sales code; 202 when valid',
    tag: 'offers',
    responses: { 202: 'Valid referral coupon', 404: 'Coupon is invalid' },
  },
];

const invalidCoupon = () => new HttpError(404, 'coupon_invalid', messages.couponInvalid);

export function offerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  // The catalogue being served, at each request: an import changes it under a running server.
  const rspNow = () => ctx.catalogue.current().provider.code;

  app.get('/api/v1/public/building/:code/campaign', async (request, reply) => {
    const building = parse(code, (request.params as { code: string }).code).toUpperCase();
    const row = await findBuildingCampaign(db, rspNow(), building);
    const period = row && campaignPeriod(row.starts, row.ends, row.state);
    const now = ctx.now();
    if (!row || !period || now < period.start || now >= period.end) {
      return reply.status(404).send({
        error: 'not_found',
        status: messages.resourceNotFound,
        message: messages.resourceNotFound,
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
  });

  app.post('/api/v1/:provider/coupon', async (request, reply) => {
    checkProvider(ctx, request);
    const body = parse(couponBody, request.body);
    // The wizard's preview: its own plans and address. The install decides from the building.
    const use = { planIds: body.plan_ids, postcode: body.postcode, suburb: body.suburb };
    const coupon = eligibleCoupon(await findCoupon(db, rspNow(), body.coupon_id), use);
    if (!coupon) throw invalidCoupon();
    return reply.status(202).send(coupon);
  });

  app.get('/api/v1/:provider/coupon/:code', async (request) => {
    checkProvider(ctx, request);
    const id = parse(code, (request.params as { code: string }).code);
    const { plan_id } = parse(couponQuery, request.query);
    const use = { planIds: plan_id ? [plan_id] : [] };
    const coupon = eligibleCoupon(await findCoupon(db, rspNow(), id), use);
    if (!coupon) throw invalidCoupon();
    return coupon;
  });

  app.get('/api/v1/:provider/referral/:code', async (request, reply) => {
    checkProvider(ctx, request);
    const id = parse(code, (request.params as { code: string }).code);
    const coupon = referralCoupon(await findCoupon(db, rspNow(), id));
    if (!coupon) throw invalidCoupon();
    return reply.status(202).send(coupon);
  });
}
