import { cleanup, render } from '@testing-library/react';
import { brandPalette, type DomainConfig } from '@fibre/domain/shared';
import { TIO } from '@fibre/domain/consent';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import type { PublicConfig } from '../shared/api/config.ts';
import { ConfigContext } from '../shared/config/config-context.tsx';
import { newQueryClient } from '../shared/query/query-client.ts';
import { saveState } from '../wizard/store/persistence.ts';
import type { WizardState } from '../wizard/store/state.ts';
import { StoreProvider } from '../wizard/store/store-context.tsx';
import { demoRules } from './rules.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// jsdom lays nothing out, and the carousel (Embla) asks for media queries and observers: these
// stand-ins match nothing and never report, so the cards render as on a page that never scrolls.
class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
globalThis.ResizeObserver ??= NoObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoObserver as unknown as typeof IntersectionObserver;

/** The public config the server would send, with the given catalogue rules. */
export function siteWith(domain: DomainConfig): PublicConfig {
  return {
    provider: domain.provider,
    providerName: 'Demo Fibre',
    supportPhone: '1300 000 000',
    supportEmail: 'support@demofibre.example',
    billingPortalUrl: 'https://billing.demofibre.example/login',
    brandColour: '#0b6bcb',
    brandPalette: brandPalette('#0b6bcb'),
    holdSeconds: 600,
    navigation: [],
    socialLinks: [],
    adapters: { addressSearch: 'embedded', cardTokeniser: 'test-vault', leadForm: 'embedded' },
    services: {},
    environment: 'test',
    domain,
    legal: {
      terms: {
        title: 'Standard Form of Agreement',
        url: 'https://demofibre.example/legal/standard-form-of-agreement',
        version: '2026-07',
      },
      privacy: {
        title: 'Privacy policy',
        url: 'https://demofibre.example/legal/privacy',
        version: '2026-03',
      },
      complaints: {
        title: 'Complaints handling process',
        url: 'https://demofibre.example/legal/complaints',
        version: '2026-10',
      },
      ombudsman: { ...TIO },
      links: [
        {
          label: 'Complaints handling process',
          href: 'https://demofibre.example/legal/complaints',
        },
        { label: `${TIO.name} ${TIO.phone}`, href: TIO.url },
      ],
      collectionNotice: 'Demo Fibre collects your name, email address and mobile number.',
      leadNotice: 'Demo Fibre collects your name and email address to tell you when we arrive.',
      decisionsNotice: 'Some decisions are made by Demo Fibre’s software.',
      marketingWords: 'Send me news and offers by email',
      otherCharges: [],
    },
  };
}

/**
 * Renders inside the wizard's providers as the app does (configuration, the store, and the query
 * cache a step after the first has), the store starting from `state` as a reload would restore
 * it. Each render has its own query cache unless one is given; `legal` replaces the config's
 * documents and words. jsdom only.
 */
export function renderInWizard(
  ui: ReactNode,
  {
    domain = demoRules,
    state,
    queryClient = newQueryClient(),
    legal,
  }: {
    domain?: DomainConfig;
    state?: WizardState;
    queryClient?: QueryClient;
    /** The public config's legal block, instead of siteWith's. */
    legal?: PublicConfig['legal'];
  } = {},
) {
  const site = siteWith(domain);
  if (state) saveState(state);
  return {
    queryClient,
    ...render(
      <ConfigContext value={{ site: legal ? { ...site, legal } : site, domain }}>
        <StoreProvider>
          <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
        </StoreProvider>
      </ConfigContext>,
    ),
  };
}
