import { ConfigProvider } from '../shared/config/config-provider.tsx';
import { Footer } from '../shared/layout/footer.tsx';
import { Header } from '../shared/layout/header.tsx';
import { LinkParams } from './link-params.tsx';
import { ShellFailed, ShellSkeleton } from '../shared/layout/shell-states.tsx';
import { StepHistory } from './step-history.tsx';
import { StepOutlet } from './step-outlet.tsx';
import { StoreProvider, useDispatch, useWizard } from '../shared/store/store-context.tsx';
import { clearDrafts } from '../shared/store/drafts.ts';

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
        clearDrafts();
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
          <StepHistory />
          <WizardHeader />
          <StepOutlet />
          <Footer />
        </StoreProvider>
      </ConfigProvider>
    </>
  );
}
