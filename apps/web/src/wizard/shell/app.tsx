import { FIRST_STEP } from '@fibre/domain/wizard';
import { Suspense, useState } from 'react';
import { ConfigProvider } from '../../shared/config/config-provider.tsx';
import { Footer } from '../../shared/layout/footer.tsx';
import { Header } from '../../shared/layout/header.tsx';
import { LinkParams } from './link-params.tsx';
import { ShellFailed, ShellSkeleton } from '../../shared/layout/shell-states.tsx';
import { StepOutlet } from './step-outlet.tsx';
import { lazyWithRetry } from '../../shared/lazy/lazy-with-retry.ts';
import { stepEntry } from '../store/step-history.ts';
import { StoreProvider, useDispatch, useWizard } from '../store/store-context.tsx';

const StepHistory = lazyWithRetry(() =>
  import('./step-history.tsx').then((m) => ({ default: m.StepHistory })),
);

/**
 * The page's history of steps (step-history.tsx), loaded once an address is checked (so it is
 * there before the visitor can move on from the address step), or at once when the page's
 * history already has the wizard's entries (a reload). A visit that never checks an address does
 * not download it (bench/README.md: the address step's JavaScript).
 */
function History() {
  const { step, address } = useWizard();
  const [wanted, setWanted] = useState(() => stepEntry(window.history.state) !== null);
  if (!wanted && (step !== FIRST_STEP || address.value !== null)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <StepHistory />
    </Suspense>
  ) : null;
}

/**
 * The header, whose logo starts the wizard afresh once the order is placed (the stored choices
 * cleared, step 1 with an empty address) instead of showing the confirmation again; before that it
 * reloads the page, which resumes (docs/rules/wizard-flow.md).
 */
function WizardHeader() {
  const placed = useWizard().reservations.booked;
  const dispatch = useDispatch();
  return (
    <Header
      onBrand={(event) => {
        if (!placed) return;
        event.preventDefault();
        dispatch({ type: 'wizard/restart' });
      }}
    />
  );
}

/** The wizard: configuration first, then the store, the header, the current step and the footer. */
export function App() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ConfigProvider loading={<ShellSkeleton />} failed={(retry) => <ShellFailed retry={retry} />}>
        <StoreProvider>
          <LinkParams />
          <History />
          <WizardHeader />
          <StepOutlet />
          <Footer />
        </StoreProvider>
      </ConfigProvider>
    </>
  );
}
