import {
  formatDollars,
  isMostPopular,
  parseCost,
  type DomainConfig,
  type Plan,
} from '@fibre/domain';
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

/** The plan cards, one selected at a time (the radio group 'Plans'). */
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
        >
          <span className="plan-card__speed">
            <strong>{plan.speed}</strong> Mbps
          </span>
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
