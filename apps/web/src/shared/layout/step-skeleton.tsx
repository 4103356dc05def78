import { Skeleton } from '../ui/skeleton.tsx';

/** What shows while a step's code loads. */
export function StepSkeleton() {
  return (
    <div className="step-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <Skeleton width="min(22rem, 80%)" height="2.4rem" />
      <Skeleton width="min(32rem, 95%)" height="1.1rem" style={{ marginTop: '0.9rem' }} />
      <Skeleton height="14rem" style={{ marginTop: '1.75rem', borderRadius: '20px' }} />
    </div>
  );
}
