import * as z from 'zod/mini';

const link = z.object({ label: z.string(), href: z.string() });

const cardFeeAnswer = z.object({
  percent: z.number(),
  cap: z.nullable(z.number()),
  words: z.string(),
});

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
  /** Each card scheme's fee (docs/rules/plans-and-pricing.md, "Card fees"). */
  cardFees: z.readonly(
    z.object({
      visa: cardFeeAnswer,
      mastercard: cardFeeAnswer,
      eftpos: cardFeeAnswer,
      amex: cardFeeAnswer,
      diners: cardFeeAnswer,
      other: cardFeeAnswer,
    }),
  ),
  defaultPlanId: z.string(),
  popularPlanIds: z.readonly(z.array(z.string())),
  hiddenPlanIdParts: z.readonly(z.array(z.string())),
});

/** A document the visitor is shown or agrees to (docs/rules/documents-and-consent.md). */
export const legalDocumentAnswer = z.object({
  title: z.string(),
  url: z.string(),
  version: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentAnswer>;

/** A charge a visitor may meet after the sale, shown before they pay. */
export const otherChargeAnswer = z.object({
  name: z.string(),
  /** Dollars. */
  amount: z.number(),
  when: z.string(),
});
export type OtherCharge = z.infer<typeof otherChargeAnswer>;

/**
 * The provider's documents and words where details and consent are collected, from the catalogue
 * (docs/rules/documents-and-consent.md). A document the catalogue does not name is absent.
 */
export const legalAnswer = z.object({
  terms: z.optional(legalDocumentAnswer),
  privacy: z.optional(legalDocumentAnswer),
  /** The complaints process, the financial hardship policy, family-violence support. */
  complaints: z.optional(legalDocumentAnswer),
  hardship: z.optional(legalDocumentAnswer),
  familyViolence: z.optional(legalDocumentAnswer),
  /** The external dispute body complaints go to: the Telecommunications Industry Ombudsman. */
  ombudsman: z.object({ name: z.string(), phone: z.string(), url: z.string() }),
  /**
   * What every page's footer links, in order, built by the server from the above (a label and
   * an address each), so the first screen's footer is a list and not code
   * (docs/rules/documents-and-consent.md#what-a-telco-links).
   */
  links: z.array(link),
  /** The collection notice shown on the contact step. */
  collectionNotice: z.string(),
  /** The lead form's own collection notice. */
  leadNotice: z.string(),
  /** The decisions the software makes about a person and how to ask for a review. */
  decisionsNotice: z.string(),
  /** The words of the optional marketing box. */
  marketingWords: z.string(),
  otherCharges: z.array(otherChargeAnswer),
});
export type Legal = z.infer<typeof legalAnswer>;

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
  /** The brand colour's readable variants, derived by the server (shared/brand.ts). */
  brandPalette: z.object({
    brand: z.string(),
    brandStrong: z.string(),
    brandHover: z.string(),
    brandSoft: z.string(),
    brandOn: z.string(),
  }),
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
  /** The documents, notice, marketing words and other charges the catalogue names. */
  legal: legalAnswer,
});

export type PublicConfig = z.infer<typeof publicConfigAnswer>;
