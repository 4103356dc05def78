import { applyFetchedCampaign, forProvider, interpretCampaignAnswer } from '@fibre/domain';
import { useCallback, useEffect, useState } from 'react';
import { fetchBuildingCampaign, fetchPlans, fetchRouters } from '../../app/api/endpoints.ts';
import { logError } from '../../app/api/log.ts';
import { useConfig } from '../../app/config/config-context.tsx';
import { useDispatch, useLatestWizard, useWizard } from '../../app/store/store-context.tsx';

/**
 * On entering step 2: the building's plans, the routers and the building's campaign
 * (docs/rules/plans-and-pricing.md, docs/rules/offers-and-coupons.md), each fetched only when the
 * store does not hold it for this building yet.
 */
export function useCatalogue() {
  const { domain } = useConfig();
  const state = useWizard();
  const latest = useLatestWizard();
  const dispatch = useDispatch();
  const [attempt, setAttempt] = useState(0);
  const code = state.address.value?.uniqueCode ?? '';

  useEffect(() => {
    const { plans, routers, campaign } = latest.current;
    const controller = new AbortController();
    const signal = controller.signal;

    if (plans.buildingCode !== code || plans.items.length === 0) {
      dispatch({ type: 'plans/loading', buildingCode: code });
      void fetchPlans(code, { signal }).then((result) => {
        if (result.ok) {
          const offered = forProvider(result.data, domain.provider);
          dispatch({ type: 'plans/loaded', buildingCode: code, plans: offered });
        } else if (!result.aborted) dispatch({ type: 'plans/failed' });
      });
    }

    if (routers.items.length === 0) {
      dispatch({ type: 'routers/loading' });
      void fetchRouters({ signal }).then((result) => {
        if (result.ok) {
          dispatch({ type: 'routers/loaded', routers: forProvider(result.data, domain.provider) });
        } else if (!result.aborted) dispatch({ type: 'routers/failed' });
      });
    }

    if (campaign.fetchedFor !== code && code) {
      dispatch({ type: 'campaign/loading' });
      void fetchBuildingCampaign(code, { signal }).then((result) => {
        if (!result.ok && result.aborted) return;
        const answer = interpretCampaignAnswer(result.data);
        if (answer.kind === 'error') {
          logError('building campaign fetch failed', answer.error);
          dispatch({ type: 'campaign/failed', fetchedFor: code });
          return;
        }
        // A referral or move-in offer the visitor brought is never replaced
        // (docs/rules/offers-and-coupons.md).
        const next = applyFetchedCampaign(
          latest.current.campaign,
          answer.kind === 'campaign' ? answer.campaign : null,
        );
        dispatch({ type: 'campaign/set', campaign: next, fetchedFor: code });
      });
    }
    return () => controller.abort();
  }, [code, attempt, domain, dispatch, latest]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loading = state.plans.status === 'loading' || state.routers.status === 'loading';
  const failed = state.plans.status === 'failed' || state.routers.status === 'failed';
  return { loading, failed, retry };
}
