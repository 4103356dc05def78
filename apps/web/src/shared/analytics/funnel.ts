import type { FunnelStep } from '@fibre/domain/wizard';

/*
 * The funnel's reporter (docs/rules/funnel.md): each step reached is sent to the server with a
 * random id kept for the tab, the building's code and the offer the visitor brought, nothing else.
 * Kept small: the shell carries it (the address step's budget, bench/RESULTS.md). The call
 * outlives the page (keepalive), and the wizard never waits for it; one that fails is lost.
 */
export function reportStep(step: FunnelStep, building?: string, campaign?: string): void {
  try {
    const tab = (sessionStorage['fibre.tab'] ??= crypto.randomUUID()) as string;
    fetch('/api/v1/public/funnel', {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ step, tab, building, campaign }),
    }).catch(() => {});
  } catch {
    // No storage, or no crypto.randomUUID (a page served over plain http): no report.
  }
}
