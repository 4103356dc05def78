import type { Campaign, Plan, Router } from '@fibre/domain/api';
import type { DomainConfig } from '@fibre/domain/shared';
import type { QueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../wizard/catalogue/use-catalogue.ts';
import { newQueryClient } from '../shared/query/query-client.ts';
import type { WizardState } from '../wizard/store/state.ts';
import { demoRules } from './rules.ts';
import { plans as demoPlans, routers as demoRouters } from './wizard-state.ts';

export interface CatalogueAnswers {
  plans?: Plan[];
  routers?: Router[];
  campaign?: Campaign | null;
}

/**
 * A query cache already holding the catalogue for the state's building (the demo plans and
 * routers unless given, no building campaign), as if the wizard had fetched it.
 */
export function withCatalogue(
  state: WizardState,
  {
    plans = demoPlans,
    routers = demoRouters,
    campaign = null,
    domain = demoRules,
  }: CatalogueAnswers & { domain?: DomainConfig } = {},
  client: QueryClient = newQueryClient(),
): QueryClient {
  const code = state.address.value?.uniqueCode ?? '';
  client.setQueryData(catalogueKeys.plans(domain.provider, code), plans);
  client.setQueryData(catalogueKeys.routers(domain.provider), routers);
  client.setQueryData(catalogueKeys.campaign(domain.provider, code), campaign);
  return client;
}
