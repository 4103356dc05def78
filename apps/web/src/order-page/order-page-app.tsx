import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfigProvider } from '../shared/config/config-provider.tsx';
import { newQueryClient } from '../shared/query/query-client.ts';
import { Footer } from '../shared/layout/footer.tsx';
import { Header } from '../shared/layout/header.tsx';
import { ShellFailed, ShellSkeleton } from '../shared/layout/shell-states.tsx';
import { tokenFromPath } from './token.ts';
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
