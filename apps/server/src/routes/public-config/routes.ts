import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RouteDoc } from '../../openapi.ts';

export const publicConfigDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/v1/public/config',
    summary:
      "The wizard's white-label settings: brand, contact details, links and which adapters are on",
    tag: 'wizard',
    responses: { 200: 'Public configuration' },
  },
];

/** Only what the browser may see: names, links and switches, never a secret key. */
export function publicConfig(ctx: AppContext) {
  const { provider, keys, holdSeconds } = ctx.config;
  return {
    provider: provider.code,
    providerName: provider.name,
    supportPhone: provider.phone,
    supportEmail: provider.email,
    billingPortalUrl: provider.billingPortalUrl,
    brandColour: provider.brandColour,
    holdSeconds,
    navigation: [
      { label: 'Plans', href: '/#plans' },
      { label: 'Buildings', href: '/#buildings' },
      { label: 'Help', href: '/#help' },
    ],
    socialLinks: [
      { label: 'Facebook', href: 'https://www.facebook.com/' },
      { label: 'Instagram', href: 'https://www.instagram.com/' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
    ],
    adapters: {
      addressSearch: keys.MAPS_API_KEY ? 'google-places' : 'embedded',
      cardTokeniser: keys.CHARGEBEE_SITE ? 'chargebee' : 'test-vault',
      leadForm: keys.HUBSPOT_PORTAL_ID && keys.HUBSPOT_FORM_ID ? 'hubspot' : 'embedded',
    },
  };
}

export function publicConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const body = publicConfig(ctx);
  app.get('/api/v1/public/config', async () => body);
}
