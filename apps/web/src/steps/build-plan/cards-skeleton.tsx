import { Skeleton } from '../../app/ui/skeleton.tsx';

/** Three card-shaped placeholders while plans or routers load. */
export function CardsSkeleton() {
  return (
    <div className="cards-skeleton" role="status">
      <span className="visually-hidden">Loading…</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height="12rem" style={{ borderRadius: '16px' }} />
      ))}
    </div>
  );
}
