import { ConfigProvider } from '../shared/config/config-provider.tsx';
import { Footer } from '../shared/layout/footer.tsx';
import { Header } from '../shared/layout/header.tsx';
import { LinkParams } from './link-params.tsx';
import { ShellFailed, ShellSkeleton } from '../shared/layout/shell-states.tsx';
import { StepHistory } from './step-history.tsx';
import { StepOutlet } from './step-outlet.tsx';
import { StoreProvider } from '../shared/store/store-context.tsx';

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
          <Header />
          <StepOutlet />
          <Footer />
        </StoreProvider>
      </ConfigProvider>
    </>
  );
}
