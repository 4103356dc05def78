import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { startErrorReporting } from '../adapters/error-reporting/error-reporting.ts';
import { fetchPublicConfig, type PublicConfig } from '../api/config.ts';
import { applyBrand } from './brand.ts';
import { ConfigContext, type AppConfig } from './config-context.tsx';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; site: PublicConfig };

interface Props {
  children: ReactNode;
  loading: ReactNode;
  failed: (retry: () => void) => ReactNode;
}

/** Loads the public configuration once, applies the brand, then renders the wizard. */
export function ConfigProvider({ children, loading, failed }: Props) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void fetchPublicConfig({ signal: controller.signal }).then((result) => {
      if (result.ok) {
        void startErrorReporting(result.data.services.rollbar);
        applyBrand(result.data.brandPalette);
        document.title = `Sign up | ${result.data.providerName}`;
        setLoad({ status: 'ready', site: result.data });
      } else if (!result.aborted) {
        setLoad({ status: 'failed' });
      }
    });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<AppConfig | null>(
    () =>
      load.status === 'ready'
        ? // The rules are the catalogue's, as the server sends them: it prices with the same.
          { site: load.site, domain: load.site.domain }
        : null,
    [load],
  );

  if (load.status === 'loading') return loading;
  if (load.status === 'failed') return failed(retry);
  return <ConfigContext value={value}>{children}</ConfigContext>;
}
