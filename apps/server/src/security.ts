import type { Config } from './config.ts';

/**
 * The Content-Security-Policy: our own origin only. The third-party origins of configured
 * services are added here when their adapters exist, and only when configured.
 */
export function contentSecurityPolicy(_config: Config): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    frameSrc: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
