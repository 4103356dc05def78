import type { Config } from '../config.ts';
import { configuredServices, type Services } from '../services.ts';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy: our own origin, plus exactly the origins of the browser-side
 * services that are configured (services.ts), each from its provider's CSP guidance:
 * - Google Maps JavaScript API (places): Google's allowlist CSP for the Maps JavaScript API.
 * - Chargebee.js: the script from js.chargebee.com, its frames and calls on {site}.chargebee.com.
 * - HubSpot forms embed: the embed script from js.hsforms.net, submissions to HubSpot's forms hosts.
 * - Google Tag Manager: Google's tag-platform CSP guide for the container.
 * - Rollbar (production, with a client token): the item endpoint the browser posts reports to.
 * With the tag manager on, the wizard's page also carries a per-response script nonce
 * (`withScriptNonce`), Google's way of admitting the container snippet and its custom tags.
 */
export function contentSecurityPolicy(config: Config): Directives {
  const directives: Directives = {
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
  for (const part of serviceSources(configuredServices(config))) {
    for (const [directive, sources] of Object.entries(part)) {
      const list = (directives[directive] ?? ["'self'"]).filter((s) => s !== "'none'");
      for (const source of sources) if (!list.includes(source)) list.push(source);
      directives[directive] = list;
    }
  }
  return directives;
}

/** Each configured service's sources, by directive. */
export function serviceSources(services: Services): Directives[] {
  const parts: Directives[] = [];
  if (services.maps) {
    parts.push({
      scriptSrc: [
        'https://*.googleapis.com',
        'https://*.gstatic.com',
        'https://*.google.com',
        'https://*.ggpht.com',
        'https://*.googleusercontent.com',
      ],
      imgSrc: [
        'https://*.googleapis.com',
        'https://*.gstatic.com',
        'https://*.google.com',
        'https://*.googleusercontent.com',
      ],
      connectSrc: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
      fontSrc: ['https://fonts.gstatic.com'],
      styleSrc: ['https://fonts.googleapis.com'],
      frameSrc: ['https://*.google.com'],
      workerSrc: ['blob:'],
    });
  }
  if (services.chargebeeJs) {
    const site = `https://${services.chargebeeJs}.chargebee.com`;
    parts.push({
      scriptSrc: ['https://js.chargebee.com'],
      frameSrc: ['https://js.chargebee.com', site],
      connectSrc: [site],
      styleSrc: [site],
    });
  }
  if (services.hubspot) {
    parts.push({
      scriptSrc: ['https://js.hsforms.net'],
      connectSrc: ['https://forms.hsforms.com', 'https://api.hsforms.com'],
      frameSrc: ['https://forms.hsforms.com'],
      imgSrc: ['https://forms.hsforms.com'],
    });
  }
  if (services.gtm) {
    parts.push({
      scriptSrc: ['https://www.googletagmanager.com'],
      imgSrc: ['https://www.googletagmanager.com'],
      connectSrc: ['https://www.googletagmanager.com', 'https://www.google.com'],
    });
  }
  if (services.rollbarBrowser) {
    parts.push({ connectSrc: [new URL(services.rollbarBrowser.endpoint).origin] });
  }
  return parts;
}

/**
 * The CSP header value with `'nonce-<nonce>'` added to script-src only: a nonce in style-src would
 * make browsers ignore its 'unsafe-inline', which the wizard's style attributes need.
 */
export function withScriptNonce(header: string, nonce: string): string {
  return header
    .split(';')
    .map((directive) =>
      /^\s*script-src\s/.test(directive) ? `${directive} 'nonce-${nonce}'` : directive,
    )
    .join(';');
}
