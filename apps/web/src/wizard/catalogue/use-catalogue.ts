import type { Campaign, Plan, Router } from '@fibre/domain/api';
import { forProvider } from '@fibre/domain/catalogue';
import {
  applyFetchedCampaign,
  interpretCampaignAnswer,
  type CampaignState,
} from '@fibre/domain/offers';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchPlans, fetchRouters } from '../../shared/api/catalogue.ts';
import { fetchBuildingCampaign } from '../../shared/api/offers.ts';
import { logError } from '../../shared/api/log.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useWizard } from '../store/store-context.tsx';

/*
 * The catalogue and the building's campaign are server data: they live in the query cache, keyed
 * by provider and building code, and are fetched again after a reload (docs/rules/wizard-flow.md,
 * "Where state lives"). The store keeps only what the visitor chose from them.
 */

export const catalogueKeys = {
  plans: (provider: string, buildingCode: string) => ['plans', provider, buildingCode] as const,
  routers: (provider: string) => ['routers', provider] as const,
  campaign: (provider: string, buildingCode: string) =>
    ['campaign', provider, buildingCode] as const,
};

class FetchFailed extends Error {}

/** The provider's plans for the building (docs/rules/plans-and-pricing.md). */
async function loadPlans(provider: string, code: string, signal: AbortSignal): Promise<Plan[]> {
  const result = await fetchPlans(code, { signal });
  if (!result.ok) throw new FetchFailed(result.message);
  return forProvider(result.data, provider);
}

async function loadRouters(provider: string, signal: AbortSignal): Promise<Router[]> {
  const result = await fetchRouters({ signal });
  if (!result.ok) throw new FetchFailed(result.message);
  return forProvider(result.data, provider);
}

/**
 * The building's campaign, or null when it has none (a 404 is an answer here:
 * docs/rules/offers-and-coupons.md). Any other failure is logged and leaves the building without
 * a campaign; no Try again is offered for it.
 */
async function loadCampaign(code: string, signal: AbortSignal): Promise<Campaign | null> {
  const result = await fetchBuildingCampaign(code, { signal });
  if (!result.ok && result.aborted) throw new FetchFailed(result.message);
  const answer = interpretCampaignAnswer(result.data);
  if (answer.kind === 'error') {
    logError('building campaign fetch failed', answer.error);
    throw new FetchFailed(answer.error);
  }
  return answer.kind === 'campaign' ? answer.campaign : null;
}

export interface CatalogueView {
  /** The provider's plans for the building (the domain decides which are offered); [] until loaded. */
  plans: Plan[];
  routers: Router[];
  plansLoading: boolean;
  routersLoading: boolean;
  /** Both lists are here (so a plan and a router can be chosen and priced). */
  loaded: boolean;
  failed: boolean;
  retry: () => void;
  /**
   * The campaign that applies: the offer the visitor brought (move-in, referral), else the
   * building's (docs/rules/offers-and-coupons.md).
   */
  campaign: CampaignState;
  /** The building's campaign has answered (or failed): the current offer is known. */
  campaignSettled: boolean;
}

// The three queries of the building's catalogue, as useCatalogue and prefetchCatalogue ask them.
const plansQuery = (provider: string, code: string) => ({
  queryKey: catalogueKeys.plans(provider, code),
  queryFn: ({ signal }: { signal: AbortSignal }) => loadPlans(provider, code, signal),
});
const routersQuery = (provider: string) => ({
  queryKey: catalogueKeys.routers(provider),
  queryFn: ({ signal }: { signal: AbortSignal }) => loadRouters(provider, signal),
});
const campaignQuery = (provider: string, code: string) => ({
  queryKey: catalogueKeys.campaign(provider, code),
  queryFn: ({ signal }: { signal: AbortSignal }) => loadCampaign(code, signal),
});

/**
 * The building's catalogue asked for before the plan step shows (shell/steps.ts, preloadStep):
 * the step then finds it in the cache. A failure is the step's to show, when it asks again.
 */
export function prefetchCatalogue(client: QueryClient, provider: string, code: string): void {
  if (code === '') return;
  void client.prefetchQuery(plansQuery(provider, code));
  void client.prefetchQuery(routersQuery(provider));
  void client.prefetchQuery(campaignQuery(provider, code));
}

const noPlans: Plan[] = [];
const noRouters: Router[] = [];

/** The catalogue for the checked address's building, from the query cache. */
export function useCatalogue(): CatalogueView {
  const { domain } = useConfig();
  const state = useWizard();
  const provider = domain.provider;
  const code = state.address.value?.uniqueCode ?? '';

  const plans = useQuery({ ...plansQuery(provider, code), enabled: code !== '' });
  const routers = useQuery(routersQuery(provider));
  const building = useQuery({ ...campaignQuery(provider, code), enabled: code !== '' });

  return {
    plans: plans.data ?? noPlans,
    routers: routers.data ?? noRouters,
    plansLoading: plans.isPending && code !== '',
    routersLoading: routers.isPending,
    loaded: plans.isSuccess && routers.isSuccess,
    failed: plans.isError || routers.isError,
    retry: () => {
      if (plans.isError) void plans.refetch();
      if (routers.isError) void routers.refetch();
    },
    // A referral or move-in offer the visitor brought is never replaced.
    campaign: applyFetchedCampaign(state.campaign, building.data ?? null),
    campaignSettled: !building.isPending || building.fetchStatus === 'idle',
  };
}
