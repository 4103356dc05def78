import {
  buildingVariant,
  serviceabilityText,
  showsViewPlans,
  type Address,
} from '@fibre/domain/address';
import { useState } from 'react';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { CheckIcon } from '../../../shared/layout/icons.tsx';
import { telHref } from '../../../shared/layout/header.tsx';
import { useStepNavigation } from '../../store/store-context.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SegmentedControl } from '../../../shared/ui/segmented-control.tsx';
import { text } from './text.ts';

type ServiceType = 'residential' | 'business';

/**
 * The available dialog's body for each building variant (docs/rules/address-and-serviceability.md).
 */
export function AvailableBody({ address }: { address: Address }) {
  const { site, domain } = useConfig();
  const { next } = useStepNavigation();
  const [serviceType, setServiceType] = useState<ServiceType>('residential');
  const variant = buildingVariant(address, site.supportPhone, domain);
  const business = variant.kind === 'residential-or-business' && serviceType === 'business';
  const plansOffered = showsViewPlans(address) && !business;

  const facts: string[] = [];
  let contact: string | null = null;
  switch (variant.kind) {
    case 'greenfield':
      facts.push(variant.speedText, variant.chargeText);
      break;
    case 'residential-or-business':
      if (business) contact = variant.businessText;
      else facts.push(variant.speedText);
      break;
    case 'lit':
    case 'capped':
      facts.push(variant.speedText);
      break;
    case 'commercial':
      contact = variant.contactText;
      break;
  }

  return (
    <div className="availability">
      <p className="availability__address">{text.available(address.formatted_address)}</p>
      {variant.kind === 'residential-or-business' && (
        <SegmentedControl
          label={text.serviceType}
          className="availability__toggle"
          value={serviceType}
          onChange={setServiceType}
          options={[
            { value: 'residential', label: serviceabilityText.residential },
            { value: 'business', label: serviceabilityText.business },
          ]}
        />
      )}
      {facts.length > 0 && (
        <ul className="availability__facts">
          {facts.map((fact) => (
            <li key={fact}>
              <CheckIcon size={18} />
              {fact}
            </li>
          ))}
        </ul>
      )}
      {contact && (
        <div className="availability__contact">
          <p>{contact}</p>
          <a className="button button--secondary" href={telHref(site.supportPhone)}>
            {text.call(site.supportPhone)}
          </a>
        </div>
      )}
      {plansOffered && (
        <Button block onClick={next} className="availability__cta">
          {text.viewPlans}
        </Button>
      )}
    </div>
  );
}
