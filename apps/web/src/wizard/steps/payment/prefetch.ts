import type { AppConfig } from '../../../shared/config/config-context.tsx';
import type { WizardState } from '../../store/state.ts';
import { loadCardFields } from './payment-details.tsx';

/** The card fields' code, asked for while the visitor is on Installation. */
export function prefetch(_state: WizardState, config: AppConfig): void {
  loadCardFields(config.site.adapters.cardTokeniser).catch(() => undefined);
}
