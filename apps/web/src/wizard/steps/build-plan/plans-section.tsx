import type { Plan } from '@fibre/domain/api';
import type { PlanFilter } from '@fibre/domain/catalogue';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { SegmentedControl } from '../../../shared/ui/segmented-control.tsx';
import { CardsSkeleton } from './cards-skeleton.tsx';
import { PlanCarousel } from './plan-carousel.tsx';
import { text } from './text.ts';

interface PlansSectionProps {
  /** The plans shown under the filter. */
  plans: Plan[];
  /** None offered at this address. */
  noPlans: boolean;
  loading: boolean;
  busy: boolean;
  selectedId: string | null;
}

/** The plans: all or the most popular, in a carousel; the evening speeds' footnote under them. */
export function PlansSection({ plans, noPlans, loading, busy, selectedId }: PlansSectionProps) {
  const { domain } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  return (
    <section className="card step-section" aria-labelledby="plans-title" aria-busy={busy}>
      <div className="build-plan__section-head">
        <div>
          <h2 id="plans-title" className="section-title">
            {text.plansTitle}
          </h2>
          <p className="section-intro">{text.plansIntro}</p>
        </div>
        <SegmentedControl<PlanFilter>
          label={text.planFilter}
          value={state.plans.filter}
          onChange={(filter) => dispatch({ type: 'plans/filter', filter })}
          options={[
            { value: 'all', label: text.allPlans },
            { value: 'popular', label: text.mostPopular },
          ]}
        />
      </div>
      {/* A plan card's height: with its busy-hour line and its CIS link. */}
      {loading ? (
        <CardsSkeleton cardHeight="18.5rem" />
      ) : noPlans ? (
        <p>{text.noPlans}</p>
      ) : (
        <PlanCarousel
          plans={plans}
          rules={domain}
          selectedId={selectedId}
          onSelect={(id) => dispatch({ type: 'plans/select', id })}
        />
      )}
      <p className="build-plan__footnote">{text.eveningSpeeds}</p>
    </section>
  );
}
