import { defaultDomainConfig, type DomainConfig } from '../shared/config.ts';

/** The demo provider's rules (catalogue/demo.yaml): $9 static IP, $300, American Express 1.5%, Boost 100. */
export const demoRules: DomainConfig = defaultDomainConfig;

/** Another provider's rules: every price and plan rule differs from the demo's. */
export const acmeRules: DomainConfig = {
  provider: 'acme',
  rejectedCouponCodes: ['ACME1000'],
  postcodeOverrides: {},
  staticIpMonthly: 12.5,
  newDevelopmentCharge: 450,
  // American Express only, as the demo, with its own words and a cap.
  cardFees: {
    ...defaultDomainConfig.cardFees,
    amex: { percent: 1.5, cap: 5, words: 'Amex surcharge' },
  },
  defaultPlanId: 'fast-200',
  popularPlanIds: ['fast-200', 'basic-50'],
  hiddenPlanIdParts: ['legacy', 'trial'],
};
