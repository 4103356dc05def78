import { createContext, useContext } from 'react';
import type { DomainConfig } from '@fibre/domain/shared';
import type { PublicConfig } from '../api/config.ts';

export interface AppConfig {
  /** The server's white-label settings (GET /api/v1/public/config). */
  site: PublicConfig;
  /** What the domain's rules need from the provider's configuration. */
  domain: DomainConfig;
}

export const ConfigContext = createContext<AppConfig | null>(null);

export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigProvider');
  return config;
}
