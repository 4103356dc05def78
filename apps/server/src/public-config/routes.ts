import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { configuredServices } from '../services.ts';
import { publicConfigAnswer, type PublicConfig } from '@fibre/domain/api';
import { defineRoute, registerDefined } from '../http/define.ts';
import { leadNoticeFor } from '@fibre/domain/consent';
import { brandPalette } from '@fibre/domain/shared';

/**
 * Only what the browser may see: the catalogue's brand, links and rules (the prices and plan rules
 * the wizard previews with; the server decides with the same), switches and the browser-side
 * services' public identifiers (a maps browser key, a Chargebee publishable key, a HubSpot form
 * id), never a secret key. A service's settings are present only when it is on (services.ts).
 * Built per request: an import changes the catalogue while the server runs.
 */
export function publicConfig(ctx: Pick<AppContext, 'config' | 'catalogue'>): PublicConfig {
  const { keys, holdSeconds, env } = ctx.config;
  const { provider, domain, legal } = ctx.catalogue.current();
  const on = configuredServices(ctx.config);
  const leadForm = keys.HUBSPOT_PORTAL_ID && keys.HUBSPOT_FORM_ID ? 'hubspot' : 'embedded';
  return {
    provider: provider.code,
    providerName: provider.name,
    supportPhone: provider.support_phone,
    supportEmail: provider.support_email,
    billingPortalUrl: provider.links.billing_portal,
    brandColour: provider.colour,
    brandPalette: brandPalette(provider.colour),
    holdSeconds,
    navigation: provider.links.navigation,
    socialLinks: provider.links.social,
    adapters: {
      addressSearch: keys.MAPS_API_KEY ? 'google-places' : 'embedded',
      cardTokeniser: keys.CHARGEBEE_SITE ? 'chargebee' : 'test-vault',
      leadForm,
    },
    services: {
      ...(on.maps && keys.MAPS_API_KEY ? { maps: { apiKey: keys.MAPS_API_KEY } } : {}),
      ...(on.chargebeeJs
        ? {
            chargebee: {
              site: on.chargebeeJs,
              publishableKey: keys.CHARGEBEE_PUBLISHABLE_KEY ?? '',
            },
          }
        : {}),
      ...(on.hubspot && keys.HUBSPOT_PORTAL_ID && keys.HUBSPOT_FORM_ID
        ? { hubspot: { portalId: keys.HUBSPOT_PORTAL_ID, formId: keys.HUBSPOT_FORM_ID } }
        : {}),
      ...(on.gtm && keys.GTM_ID ? { gtm: { id: keys.GTM_ID } } : {}),
      // Rollbar's post_client_item token, which Rollbar documents as safe to publish.
      ...(on.rollbarBrowser
        ? { rollbar: { ...on.rollbarBrowser, environment: 'production' as const } }
        : {}),
    },
    environment: env,
    domain,
    // The lead form's notice names who receives a registration: HubSpot when its form is on
    // (docs/rules/documents-and-consent.md).
    legal: { ...legal, leadNotice: leadNoticeFor(legal, provider.name, leadForm === 'hubspot') },
  };
}

export function publicConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDefined(app, [
    defineRoute({
      method: 'GET',
      url: '/api/v1/public/config',
      operationId: 'getPublicConfig',
      summary:
        "The wizard's white-label settings: brand, contact details, links, the catalogue's rules and prices, and which adapters are on",
      tags: ['wizard'],
      security: 'public',
      responses: { 200: { description: 'Public configuration', schema: publicConfigAnswer } },
      handler: async () => publicConfig(ctx),
    }),
  ]);
}
