import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/app.tsx';
import '../shared/styles/global.css';
import '../shared/styles/layout.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
