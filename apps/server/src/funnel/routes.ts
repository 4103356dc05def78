import type { FastifyInstance } from 'fastify';
import { errorAnswer, funnelEventSchema } from '@fibre/domain/api';
import { moveInCampaignId, referralCampaignIds } from '@fibre/domain/offers';
import type { AppContext } from '../context.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { HttpError } from '../http/errors.ts';
import { buildingExists, campaignExists, recordArrival } from './repository.ts';

/** The largest report the funnel takes: its four short fields fit in a few hundred bytes. */
export const FUNNEL_BODY_LIMIT = 1024;

/** The campaigns the wizard knows without the catalogue (docs/rules/offers-and-coupons.md). */
const builtInCampaigns: readonly string[] = [
  moveInCampaignId('1')!,
  moveInCampaignId('2')!,
  ...referralCampaignIds,
];

const unknown = (field: 'building' | 'campaign', message: string) =>
  new HttpError(400, 'invalid_input', `${field} ${message}`, { [field]: message });

/** The wizard's reports of the steps reached (docs/rules/funnel.md). */
export function funnelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerDefined(app, [
    defineRoute({
      method: 'POST',
      url: '/api/v1/public/funnel',
      operationId: 'reportFunnelStep',
      summary: 'Counts a step of the wizard reached, once per tab and step',
      description:
        "The body is the step, the tab's random id and, when known, the building's code and the campaign's id; nothing else is taken (no personal data). The arrival counts on the server's UTC day; the same tab reporting the same step again counts nothing. A building or campaign the catalogue does not know is refused.",
      tags: ['wizard'],
      security: 'public',
      body: funnelEventSchema,
      bodyLimit: FUNNEL_BODY_LIMIT,
      responses: {
        204: { description: 'Counted, or counted before for this tab' },
        400: {
          description: 'Bad input, with a message per field: an unknown step, building or campaign',
          schema: errorAnswer,
        },
      },
      handler: async (request, reply) => {
        const { step, tab, building, campaign } = request.body;
        if (building !== undefined && !(await buildingExists(db, building)))
          throw unknown('building', 'is not a building of the catalogue');
        if (
          campaign !== undefined &&
          !builtInCampaigns.includes(campaign) &&
          !(await campaignExists(db, campaign))
        )
          throw unknown('campaign', 'is not a campaign of the catalogue');
        await recordArrival(db, {
          tab: tab.toLowerCase(),
          step,
          building: building ?? '',
          campaign: campaign ?? '',
          at: ctx.now(),
        });
        return reply.status(204).send();
      },
    }),
  ]);
}
