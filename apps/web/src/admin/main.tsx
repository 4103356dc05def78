import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { lazyWithRetry } from '../shared/lazy/lazy-with-retry.ts';
import '../shared/styles/global.css';
import './admin.css';

// The console is its own entry (admin.html), and its pages load lazily after this small shell
// (docs/rules/operator-console.md); nothing here is in the wizard's bundle.
const Console = lazyWithRetry(() =>
  import('./console.tsx').then((module) => ({ default: module.ConsoleApp })),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={<p className="console-boot">Loading the console…</p>}>
      <Console />
    </Suspense>
  </StrictMode>,
);
