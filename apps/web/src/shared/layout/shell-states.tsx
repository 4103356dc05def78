import { Skeleton } from '../ui/skeleton.tsx';
import { StepSkeleton } from './step-skeleton.tsx';

/** The page's shape while the provider's configuration loads. */
export function ShellSkeleton() {
  return (
    <>
      <div className="header header--placeholder" aria-hidden="true">
        <div className="page header__bar">
          <Skeleton width="9rem" height="1.75rem" />
        </div>
      </div>
      <main id="main" className="main">
        <div className="page">
          <StepSkeleton />
        </div>
      </main>
    </>
  );
}

export function ShellFailed({ retry }: { retry: () => void }) {
  return (
    <main id="main" className="main">
      <div className="page">
        <div className="alert alert--danger shell-failed" role="alert">
          <div>
            <h1 className="shell-failed__title">We can’t load this page right now</h1>
            <p>Please check your connection and try again.</p>
            <button type="button" className="button button--primary" onClick={retry}>
              Try again
            </button>
          </div>
        </div>
      </div>
    </main>
  );
}
