import { ConfigProvider } from './config/config-provider.tsx';
import { Footer } from './shell/footer.tsx';
import { Header } from './shell/header.tsx';
import { LinkParams } from './shell/link-params.tsx';
import { ShellFailed, ShellSkeleton } from './shell/shell-states.tsx';
import { StepOutlet } from './shell/step-outlet.tsx';
import { StoreProvider } from './store/store-context.tsx';

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
          <Header />
          <StepOutlet />
          <Footer />
        </StoreProvider>
      </ConfigProvider>
    </>
  );
}
