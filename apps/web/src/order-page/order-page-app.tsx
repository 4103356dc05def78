import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfigProvider } from '../app/config/config-provider.tsx';
import { newQueryClient } from '../app/query/query-client.ts';
import { Footer } from '../app/shell/footer.tsx';
import { Header } from '../app/shell/header.tsx';
import { ShellFailed, ShellSkeleton } from '../app/shell/shell-states.tsx';
import { tokenFromPath } from './api.ts';
import { OrderPage } from './order-page.tsx';

/** The customer's order page: the provider's configuration and brand, then the order. */
export default function OrderPageApp() {
  const [queryClient] = useState(newQueryClient);
  const [token] = useState(() => tokenFromPath(window.location.pathname));
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ConfigProvider loading={<ShellSkeleton />} failed={(retry) => <ShellFailed retry={retry} />}>
        <QueryClientProvider client={queryClient}>
          <Header />
          <main id="main" className="main">
            <div className="page">
              <OrderPage token={token} />
            </div>
          </main>
          <Footer />
        </QueryClientProvider>
      </ConfigProvider>
    </>
  );
}
