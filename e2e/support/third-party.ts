import { readFileSync } from 'node:fs';
import type { BrowserContext, Request } from '@playwright/test';

/*
 * Third-party browser services (Google Maps, Chargebee.js, HubSpot forms, the tag manager) cannot
 * be reached from here. Their scripts are answered by local stand-ins in e2e/stand-ins/, each
 * implementing the documented JavaScript surface our adapter uses, served at the service's real
 * URL so the page, its CSP and the adapter's loader are exactly what production runs.
 */

const standInDir = new URL('../stand-ins/', import.meta.url);

const types: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * Answers requests matching `url` with `e2e/stand-ins/<file>`. Every request it answers is
 * recorded in the returned list (URLs), for asserting what the adapter asked for.
 */
export async function serveStandIn(
  context: BrowserContext,
  url: string | RegExp,
  file: string,
): Promise<string[]> {
  const body = readFileSync(new URL(file, standInDir));
  const type = types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
  const seen: string[] = [];
  await context.route(url, async (route) => {
    seen.push(route.request().url());
    await route.fulfill({
      status: 200,
      body,
      headers: { 'content-type': type, 'access-control-allow-origin': '*' },
    });
  });
  return seen;
}

/**
 * Every request the pages of `context` make outside `baseURL`'s origin (data: and blob: URLs are
 * the page's own). Start it before the first navigation.
 */
export function recordForeignRequests(context: BrowserContext, baseURL: string): string[] {
  const own = new URL(baseURL).origin;
  const foreign: string[] = [];
  context.on('request', (request: Request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== own) foreign.push(`${request.method()} ${url}`);
  });
  return foreign;
}
