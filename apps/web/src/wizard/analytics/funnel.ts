import type { FunnelStep } from '@fibre/domain/wizard';

/*
 * The funnel's reporter (docs/rules/funnel.md): each step reached is sent to the server with a
 * random id kept for the tab, the building's code and the offer the visitor brought, nothing else.
 * Kept small: the shell carries it (the address step's budget, bench/RESULTS.md). The call
 * outlives the page (keepalive), and the wizard never waits for it; one that fails is lost.
 */
/**
 * The reports go one after another: the server counts a step only once this tab's step before it
 * was counted (docs/rules/funnel.md#counting), so a quick step must not overtake the one before.
 */
let sent: Promise<unknown> = Promise.resolve();

export function reportStep(step: FunnelStep, building?: string, campaign?: string): void {
  try {
    const tab = (sessionStorage['fibre.tab'] ??= crypto.randomUUID()) as string;
    const body = JSON.stringify({ step, tab, building, campaign });
    sent = sent
      .then(() =>
        fetch('/api/v1/public/funnel', {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body,
        }),
      )
      .catch(() => {});
  } catch {
    // No storage, or no crypto.randomUUID (a page served over plain http): no report.
  }
}
