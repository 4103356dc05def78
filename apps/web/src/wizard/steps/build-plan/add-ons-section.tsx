import type { BuildingVariant } from '@fibre/domain/address';
import { hasAddOn } from '@fibre/domain/pricing';
import { formatDollars } from '@fibre/domain/shared';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Switch } from '../../../shared/ui/switch.tsx';
import { text } from './text.ts';

/**
 * The add-ons: the static IP at the catalogue's monthly price, and for a greenfield building the
 * note of the catalogue's one-off New Development Charge (the building adds it, not the visitor).
 */
export function AddOnsSection({ variant }: { variant: BuildingVariant | null }) {
  const { domain } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const staticIp = hasAddOn(state.signup.addOns, 'static-ip');
  return (
    <section className="card step-section" aria-labelledby="add-ons-title">
      <h2 id="add-ons-title" className="section-title">
        {text.addOnsTitle}
      </h2>
      <div className="build-plan__add-ons">
        <Switch
          label={text.staticIp}
          description={text.staticIpDescription}
          checked={staticIp}
          onChange={(on) => dispatch({ type: 'signup/add-on', addOn: 'static-ip', on })}
          aside={
            <span className="build-plan__add-on-price">
              {text.staticIpPrice(formatDollars(domain.staticIpMonthly))}
            </span>
          }
        />
        {variant?.kind === 'greenfield' && (
          <Alert tone="info" live={false}>
            <p>{variant.chargeText}</p>
          </Alert>
        )}
      </div>
    </section>
  );
}
