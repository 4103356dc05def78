import type { CardFees } from './card-schemes.ts';

/**
 * Provider configuration the rules depend on. The domain reads no environment and keeps no
 * provider's prices: the server passes its catalogue's (the wizard gets the same from the public
 * config), and every rule that needs one takes it as its `rules` parameter.
 */
export interface DomainConfig {
  /** The provider code: plans' and routers' rsp and the {provider} path segment. */
  provider: string;
  /**
   * Codes refused as coupons before any call: the network's speed names
   * (docs/rules/offers-and-coupons.md).
   */
  rejectedCouponCodes: readonly string[];
  /** formatted_address (case-insensitive) -> postcode that replaces the parsed one. */
  postcodeOverrides: Readonly<Record<string, string>>;
  // Prices and plan rules from the provider's catalogue (its file: catalogue/demo.yaml for the demo).
  /** Dollars a month for the static IP add-on. */
  staticIpMonthly: number;
  /** Dollars, once, for a greenfield building. */
  newDevelopmentCharge: number;
  /**
   * The card fee of each scheme, a percentage of each payment as charged
   * (docs/rules/plans-and-pricing.md, "Card fees"); eftpos, Mastercard and Visa are always 0.
   */
  cardFees: CardFees;
  /** The plan chosen for the visitor when the building is offered it. */
  defaultPlanId: string;
  /** Plans the 'Most Popular' filter keeps and badges. */
  popularPlanIds: readonly string[];
  /** A plan whose id contains one of these is never shown. */
  hiddenPlanIdParts: readonly string[];
}

/**
 * The demo provider's rules, as catalogue/demo.yaml states them: tests use them, and the server's
 * interim catalogue until the file is loaded. Product code takes the rules it is given instead.
 */
export const defaultDomainConfig: DomainConfig = {
  provider: 'demo',
  rejectedCouponCodes: [
    'DEMOFIBRE250',
    'DEMOFIBRE350',
    'DEMOFIBRE500',
    'DEMOFIBRE1000',
    'DEMO100MBPS',
    'DEMO150MBPS',
    'DEMO500MBPS',
    'DEMO1000MBPS',
  ],
  postcodeOverrides: {
    // A known address whose geocoded postcode is wrong; the real one is the delivery postcode.
    '1 sydney olympic park, olympic park nsw 2127': '2127',
  },
  staticIpMonthly: 9,
  newDevelopmentCharge: 300,
  // American Express 1.5% (the specification's rate, where the law still allows one); 0 for the rest.
  // Written out rather than built from pricing's NO_CARD_FEES: the address step imports this file.
  cardFees: {
    visa: { percent: 0, cap: null, words: 'Card surcharge' },
    mastercard: { percent: 0, cap: null, words: 'Card surcharge' },
    eftpos: { percent: 0, cap: null, words: 'Card surcharge' },
    amex: { percent: 1.5, cap: null, words: 'American Express card surcharge' },
    diners: { percent: 0, cap: null, words: 'Card surcharge' },
    other: { percent: 0, cap: null, words: 'Card surcharge' },
  },
  defaultPlanId: 'boost-100',
  popularPlanIds: ['boost-100', 'streamer-250'],
  hiddenPlanIdParts: ['350'],
};
