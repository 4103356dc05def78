import type { FastifyInstance } from 'fastify';
import { errorAnswer, funnelEventSchema } from '@fibre/domain/api';
import { moveInCampaignId, referralCampaignIds } from '@fibre/domain/offers';
import { funnelStepBefore } from '@fibre/domain/wizard';
import type { AppContext } from '../context.ts';
import { defineRoute, registerDefined } from '../http/define.ts';
import { HttpError } from '../http/errors.ts';
import { campaignPeriod } from '../offers/index.ts';
import { campaignExists, recordArrival } from './repository.ts';

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
  /** The building's campaign while it runs, as GET /api/v1/public/building/:code/campaign says. */
  const runningCampaign = (code: string, now: Date): string | undefined => {
    const row = ctx.catalogue.current().buildings.campaignOf(code);
    const period = row && campaignPeriod(row.starts, row.ends, row.state);
    return row && period && now >= period.start && now < period.end ? row.id : undefined;
  };
  registerDefined(app, [
    defineRoute({
      method: 'POST',
      url: '/api/v1/public/funnel',
      operationId: 'reportFunnelStep',
      summary: 'Counts a step of the wizard reached, once per tab and step',
      description:
        "The body is the step, the tab's random id and, when known, the building's code and the campaign's id; nothing else is taken (no personal data). The arrival counts on the server's UTC day; the same tab reporting the same step again counts nothing, and a step counts only once the same tab was counted at the step before it (so 'Paid' alone counts nothing). A building or campaign the catalogue does not know is refused.",
      tags: ['wizard'],
      security: 'public',
      body: funnelEventSchema,
      bodyLimit: FUNNEL_BODY_LIMIT,
      responses: {
        204: {
          description:
            'Counted, or counted before for this tab, or not counted because this tab was not counted at the step before',
        },
        400: {
          description: 'Bad input, with a message per field: an unknown step, building or campaign',
          schema: errorAnswer,
        },
      },
      handler: async (request, reply) => {
        const { step, tab, building: code, campaign: sent } = request.body;
        // The served catalogue's buildings, in memory (docs/decisions/020-reads-from-memory.md).
        const buildings = ctx.catalogue.current().buildings;
        const building = code === undefined ? undefined : buildings.byCode(code);
        if (code !== undefined && !building)
          throw unknown('building', 'is not a building of the catalogue');
        if (
          sent !== undefined &&
          !builtInCampaigns.includes(sent) &&
          !(await campaignExists(db, sent))
        )
          throw unknown('campaign', 'is not a campaign of the catalogue');
        // The offer the visitor brought (a move-in link, a referral) is what the wizard sends; the
        // building's running campaign is the server's to know (docs/rules/funnel.md).
        const campaign = sent ?? (building ? runningCampaign(building.code, ctx.now()) : undefined);
        await recordArrival(db, {
          tab: tab.toLowerCase(),
          step,
          after: funnelStepBefore(step),
          building: building?.code ?? '',
          campaign: campaign ?? '',
          at: ctx.now(),
        });
        return reply.status(204).send();
      },
    }),
  ]);
}
