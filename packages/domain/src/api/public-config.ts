import * as z from 'zod/mini';

const link = z.object({ label: z.string(), href: z.string() });

/**
 * The catalogue's rules and prices (DomainConfig, shared/config.ts), as the public config sends them; a
 * type test (api.test.ts) keeps the two alike.
 */
export const domainConfigAnswer = z.object({
  provider: z.string(),
  rejectedCouponCodes: z.readonly(z.array(z.string())),
  postcodeOverrides: z.readonly(z.record(z.string(), z.string())),
  staticIpMonthly: z.number(),
  newDevelopmentCharge: z.number(),
  cardFeeRate: z.number(),
  defaultPlanId: z.string(),
  popularPlanIds: z.readonly(z.array(z.string())),
  hiddenPlanIdParts: z.readonly(z.array(z.string())),
});

/**
 * GET /api/v1/public/config: the wizard's white-label settings (docs/rules/api.md). A service's
 * settings are present only when it is on, with its public identifiers, never a secret.
 */
export const publicConfigAnswer = z.object({
  provider: z.string(),
  providerName: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  billingPortalUrl: z.string(),
  brandColour: z.string(),
  /** How long a hold lasts. */
  holdSeconds: z.number(),
  navigation: z.array(link),
  socialLinks: z.array(link),
  adapters: z.object({
    addressSearch: z.enum(['embedded', 'google-places']),
    cardTokeniser: z.enum(['test-vault', 'chargebee']),
    leadForm: z.enum(['embedded', 'hubspot']),
  }),
  /** The browser-side services that are on, with their public identifiers (never a secret). */
  services: z.object({
    maps: z.optional(z.object({ apiKey: z.string() })),
    chargebee: z.optional(z.object({ site: z.string(), publishableKey: z.string() })),
    hubspot: z.optional(z.object({ portalId: z.string(), formId: z.string() })),
    gtm: z.optional(z.object({ id: z.string() })),
    /** Rollbar's client (post_client_item) token: production only. */
    rollbar: z.optional(
      z.object({
        accessToken: z.string(),
        endpoint: z.string(),
        environment: z.literal('production'),
      }),
    ),
  }),
  environment: z.enum(['development', 'production', 'test']),
  /** The catalogue's rules and prices: the same ones the server decides the order with. */
  domain: domainConfigAnswer,
});

export type PublicConfig = z.infer<typeof publicConfigAnswer>;
