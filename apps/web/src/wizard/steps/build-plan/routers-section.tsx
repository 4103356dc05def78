import type { Router } from '@fibre/domain/api';
import { useWizard } from '../../store/store-context.tsx';
import { CardsSkeleton } from './cards-skeleton.tsx';
import { RouterCarousel } from './router-carousel.tsx';
import { text } from './text.ts';

interface RoutersSectionProps {
  routers: Router[];
  loading: boolean;
  onChoose: (router: Router) => void;
}

/** The routers, in a carousel. */
export function RoutersSection({ routers, loading, onChoose }: RoutersSectionProps) {
  const state = useWizard();
  return (
    <section className="card step-section" aria-labelledby="routers-title" aria-busy={loading}>
      <h2 id="routers-title" className="section-title">
        {text.routersTitle}
      </h2>
      <p className="section-intro">{text.routersIntro}</p>
      {loading ? (
        <CardsSkeleton cardHeight="13rem" />
      ) : (
        <RouterCarousel
          routers={routers}
          selectedId={state.routers.selectedId}
          onChoose={onChoose}
        />
      )}
    </section>
  );
}
