// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportStep } from './funnel.ts';

// docs/rules/funnel.md#counting: a step counts only once the tab's step before it was counted, so
// the reporter sends one report after another, never a quick step ahead of the one before.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the funnel reporter', () => {
  it('sends the next report only once the one before has been answered, and goes on after a failure', async () => {
    const answers: Array<(ok: boolean) => void> = [];
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve, reject) => {
          answers.push((ok) =>
            ok ? resolve(new Response(null, { status: 204 })) : reject(new Error('offline')),
          );
        }),
    );
    vi.stubGlobal('fetch', fetch);
    reportStep('Check Address');
    reportStep('Build your plan', 'G1A2B3');
    reportStep('Contact info', 'G1A2B3');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const step = (i: number) =>
      (
        JSON.parse((fetch.mock.calls[i] as unknown as [string, { body: string }])[1].body) as {
          step: string;
        }
      ).step;
    expect(step(0)).toBe('Check Address');
    answers[0]!(false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(step(1)).toBe('Build your plan');
    answers[1]!(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(step(2)).toBe('Contact info');
    answers[2]!(true);
    // One tab, one id.
    const tabs = fetch.mock.calls.map(
      (call) =>
        (JSON.parse((call as unknown as [string, { body: string }])[1].body) as { tab: string })
          .tab,
    );
    expect(new Set(tabs).size).toBe(1);
  });
});
