import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { lazyWithRetry } from '../shared/lazy/lazy-with-retry.ts';
import '../shared/styles/global.css';
import '../shared/styles/layout.css';

// The order page is its own entry (order.html, docs/rules/order-page.md); what it shows loads
// lazily after this small shell, and nothing here is in the wizard's bundle.
const OrderPageApp = lazyWithRetry(() => import('./order-page-app.tsx'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <OrderPageApp />
    </Suspense>
  </StrictMode>,
);
