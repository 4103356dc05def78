import type { ComponentType, LazyExoticComponent } from 'react';
import { FIRST_STEP, WIZARD_STEPS, type WizardStep } from '@fibre/domain/wizard';
import type { AppConfig } from '../../shared/config/config-context.tsx';
import type { WizardState } from '../store/state.ts';
import { lazyWithRetry } from '../../shared/lazy/lazy-with-retry.ts';

/*
 * One lazily loaded chunk per step folder: the first screen downloads only the address step. The
 * address step's loader is here; the later steps' are in later-steps.ts, a chunk of its own. A
 * chunk that fails to load is asked for once more before the step says it did not load
 * (lazy-with-retry.ts).
 */

type Step = LazyExoticComponent<ComponentType>;
/** What a step fetches before it shows (its module's `prefetch`, where it has one). */
export type Prefetch = (state: WizardState, config: AppConfig) => void;
/** A step's module as its loader answers it: its component, and its prefetch. */
export interface StepModule {
  default: ComponentType;
  prefetch?: Prefetch | undefined;
}
type Load = () => Promise<StepModule>;

// The two loaders apart, each import() its own function: the build gives each import its own list
// of files to fetch with it, which a minified `step === FIRST_STEP ? … : …` around both merged
// (the address step fetched the later steps' chunk too).
const loaders = {
  first: (): ReturnType<Load> =>
    import('../steps/check-address/check-address-step.tsx').then((m) => ({
      default: m.CheckAddressStep,
    })),
  later: (step: Exclude<WizardStep, typeof FIRST_STEP>): ReturnType<Load> =>
    import('./later-steps.ts').then((m) => m.laterSteps[step]()),
};
const loadStep = (step: WizardStep) =>
  step === FIRST_STEP ? loaders.first() : loaders.later(step);

// One load per step, shared by the step's lazy component and an early fetch (preloadStep); a load
// that failed is forgotten, so the retry, or the step shown later, asks again.
const loading = new Map<WizardStep, ReturnType<Load>>();
const loaded = new Map<WizardStep, ComponentType>();
function load(step: WizardStep): ReturnType<Load> {
  let pending = loading.get(step);
  if (!pending) {
    pending = loadStep(step);
    loading.set(step, pending);
    pending.then(
      (m) => loaded.set(step, m.default),
      () => loading.delete(step),
    );
  }
  return pending;
}

const lazySteps = Object.fromEntries(
  WIZARD_STEPS.map((step) => [step, lazyWithRetry(() => load(step))]),
) as Record<WizardStep, Step>;

/**
 * The component that draws a step: its own, once its code is here (fetched ahead, or shown before),
 * else the lazy one, which suspends while the code loads. A lazy component suspends on its first
 * drawing even when its code is already here, which drew the placeholder and the step in two
 * commits on every step change; the step on screen keeps the one it was first drawn with.
 */
export const stepComponent = (step: WizardStep): ComponentType =>
  loaded.get(step) ?? lazySteps[step];

/**
 * Fetches a step's code before it is shown, and the first answers it will ask for (its module's
 * `prefetch`, a step folder's prefetch.ts: docs/rules/wizard-flow.md#steps), so that moving on
 * waits for no download; a failure is left to the step's own load.
 */
export function preloadStep(step: WizardStep, state: WizardState, config: AppConfig): void {
  load(step)
    .then((m) => m.prefetch?.(state, config))
    .catch(() => undefined);
}
