import type { Plan } from '@fibre/domain/api';
import { isMostPopular, parseCost } from '@fibre/domain/catalogue';
import { formatDollars, type DomainConfig } from '@fibre/domain/shared';
import { ExternalLink } from '../../../shared/ui/external-link.tsx';
import { Carousel } from './carousel.tsx';
import { ChoiceCard } from './choice-card.tsx';
import { text } from './text.ts';

interface Props {
  plans: Plan[];
  /** The catalogue's: which plans carry the Most Popular badge. */
  rules: Pick<DomainConfig, 'popularPlanIds'>;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/**
 * The plan's Critical Information Summary, in a new tab; its name says which plan's it is and that
 * it opens a new tab ('Critical Information Summary for Boost 100 (opens in a new tab)').
 */
function CisLink({ plan }: { plan: Plan }) {
  return (
    <ExternalLink
      className="plan-card__cis"
      href={plan.cisUrl}
      screenReaderText={text.cisFor(plan.name)}
    >
      {text.cis}
    </ExternalLink>
  );
}

/**
 * The plan cards, one selected at a time (the radio group 'Plans'): each with its typical busy-hour
 * speed beside the tier's speed and, when the catalogue has one, its Critical Information Summary.
 */
export function PlanCarousel({ plans, rules, selectedId, onSelect }: Props) {
  const selectedShown = plans.some((plan) => plan.id === selectedId);
  return (
    <Carousel label={text.plansGroup} itemsName="plans">
      {plans.map((plan, index) => (
        <ChoiceCard
          key={plan.id}
          name={plan.name}
          selected={plan.id === selectedId}
          tabStop={selectedShown ? plan.id === selectedId : index === 0}
          onSelect={() => onSelect(plan.id)}
          badge={isMostPopular(plan, rules) ? text.popularBadge : undefined}
          footer={plan.cisUrl ? <CisLink plan={plan} /> : undefined}
        >
          <span className="plan-card__speed">
            <strong>{plan.speed}</strong> Mbps
          </span>
          <span className="plan-card__busy-hour">{text.busyHourSpeed(plan.busyHourSpeed)}</span>
          <span className="plan-card__description">{plan.description1}</span>
          <span className="choice-card__price">
            <strong>${formatDollars(parseCost(plan.cost))}</strong>
            {text.perMonth}
          </span>
        </ChoiceCard>
      ))}
    </Carousel>
  );
}
