import type { Plan, Router } from '@fibre/domain/api';
import { useConfig } from '../../shared/config/config-context.tsx';
import { currentOffer, type CurrentOffer } from '../offers/current-offer.ts';
import { selectedPlan, selectedRouter } from '../store/selectors.ts';
import { useWizard } from '../store/store-context.tsx';
import { useCatalogue, type CatalogueView } from './use-catalogue.ts';

export interface OrderChoices {
  /** The chosen plan and router, read from the catalogue's query (null until it has answered). */
  plan: Plan | null;
  router: Router | null;
  offer: CurrentOffer;
  catalogue: CatalogueView;
}

/**
 * What the visitor is ordering: their choices (the store) resolved against the catalogue and the
 * campaign (the query cache). The order summary and the later steps read the order here, so a
 * reload on any step shows it again once the catalogue is fetched again.
 */
export function useOrder(): OrderChoices {
  const { domain } = useConfig();
  const state = useWizard();
  const catalogue = useCatalogue();
  return {
    plan: selectedPlan(state, catalogue.plans, domain),
    router: selectedRouter(state, catalogue.routers),
    offer: currentOffer(state, catalogue.campaign),
    catalogue,
  };
}
