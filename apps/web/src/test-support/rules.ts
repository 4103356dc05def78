import { defaultDomainConfig, type DomainConfig } from '@fibre/domain/shared';

/** The demo catalogue's rules, as the server sends them in the public config. */
export const demoRules: DomainConfig = defaultDomainConfig;

/** Another provider's rules: every price and plan rule differs from the demo's. */
export const acmeRules: DomainConfig = {
  ...defaultDomainConfig,
  provider: 'acme',
  staticIpMonthly: 12.5,
  newDevelopmentCharge: 450,
  cardFees: {
    ...defaultDomainConfig.cardFees,
    amex: { percent: 1.5, cap: 5, words: 'Amex surcharge' },
  },
  defaultPlanId: 'starter-25',
  popularPlanIds: ['starter-25'],
  hiddenPlanIdParts: ['legacy'],
};
