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
  /** The card surcharge as a fraction of the monthly charge: 0.015 is 1.5%. */
  cardFeeRate: number;
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
  cardFeeRate: 0.015,
  defaultPlanId: 'boost-100',
  popularPlanIds: ['boost-100', 'streamer-250'],
  hiddenPlanIdParts: ['350'],
};
