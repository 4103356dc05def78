import type { AppConfig } from '../../../shared/config/config-context.tsx';
import { queryClient } from '../../../shared/query/query-client.ts';
import { prefetchCatalogue } from '../../catalogue/use-catalogue.ts';
import type { WizardState } from '../../store/state.ts';

/** What the plan step shows first, asked for while the address step offers View plans. */
export function prefetch(state: WizardState, config: AppConfig): void {
  prefetchCatalogue(queryClient, config.domain.provider, state.address.value?.uniqueCode ?? '');
}
