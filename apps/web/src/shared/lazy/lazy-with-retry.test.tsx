// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary.tsx';
import { lazyWithRetry } from './lazy-with-retry.ts';

// docs/decisions/010-limits.md: a step's chunk that fails to load is asked for once more before
// the step says 'This part of the page did not load'.

function PlanStep() {
  return <h1>Build your plan</h1>;
}

const refused = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const loaded = () => Promise.resolve({ default: PlanStep });

function renderStep(load: () => Promise<{ default: typeof PlanStep }>) {
  const Step = lazyWithRetry(load);
  render(
    <ErrorBoundary>
      <Suspense fallback={<p>Loading</p>}>
        <Step />
      </Suspense>
    </ErrorBoundary>,
  );
}

describe('a lazily loaded step', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows when its chunk loads on the second try', async () => {
    const load = vi.fn().mockImplementationOnce(refused).mockImplementationOnce(loaded);
    renderStep(load);
    expect(await screen.findByRole('heading', { name: 'Build your plan' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says it did not load when both tries fail, after asking twice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(refused);
    renderStep(load);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This part of the page did not load');
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('heading', { name: 'Build your plan' })).toBeNull();
  });
});
