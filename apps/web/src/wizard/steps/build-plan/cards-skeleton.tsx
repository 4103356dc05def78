import { Skeleton } from '../../../shared/ui/skeleton.tsx';

/**
 * Card-shaped placeholders while plans or routers load, laid out as the carousel lays out its
 * slides (one and a bit on a phone, three on a desktop) and about as tall as the cards, so what
 * follows does not jump when the cards arrive. `cardHeight` is the height of the cards it stands
 * for; room for the arrows is kept as most lists have more cards than fit.
 */
export function CardsSkeleton({ cardHeight }: { cardHeight: string }) {
  return (
    <div className="carousel cards-skeleton" role="status">
      <span className="visually-hidden">Loading…</span>
      <div className="carousel__viewport">
        <div className="carousel__track">
          {[0, 1, 2].map((i) => (
            <div className="carousel__slide" key={i}>
              <Skeleton height={cardHeight} style={{ borderRadius: '16px' }} />
            </div>
          ))}
        </div>
      </div>
      <div className="cards-skeleton__controls" />
    </div>
  );
}
