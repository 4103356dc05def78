import { isBefore, WIZARD_STEPS } from '@fibre/domain/wizard';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithRetry } from '../../shared/lazy/lazy-with-retry.ts';
import { HISTORY_KEY, historyMoved, stepEntry, type StepEntry } from '../store/step-history.ts';
import { holdBehind } from '../store/hold-behind.ts';
import { useDispatch, useWizard } from '../store/store-context.tsx';

/** Adds an entry for `entry` (push) or rewrites the current one (replace), the URL unchanged. */
export function writeStepEntry(how: 'push' | 'replace', entry: StepEntry): void {
  try {
    const current: unknown = window.history.state;
    const kept = how === 'replace' && current && typeof current === 'object' ? current : {};
    const state = { ...kept, [HISTORY_KEY]: entry };
    if (how === 'push') window.history.pushState(state, '', window.location.href);
    else window.history.replaceState(state, '', window.location.href);
  } catch {
    // A browser that refuses (too many calls in a moment): the step still changes, only the
    // history misses an entry.
  }
}

/**
 * Keeps the page's history in step with the wizard (docs/rules/wizard-flow.md, "Back and
 * Forward"): moving on adds an entry, the browser's Back and Forward move the wizard to the entry's
 * step (as far as the state allows), and a hold is let go when the visitor goes back past
 * Installation (wizard/hold/let-go-behind.ts). Renders nothing.
 */
const HoldLetGoBehind = lazyWithRetry(() =>
  import('../hold/let-go-behind.ts').then((m) => ({ default: m.HoldLetGoBehind })),
);

export function StepHistory() {
  const state = useWizard();
  const { step } = state;
  const changing = state.review.changing;
  const dispatch = useDispatch();
  // Counts Back and Forward moves, so the effect below knows a step change came from one.
  const [moves, setMoves] = useState(0);
  const seenMoves = useRef(0);

  useEffect(() => {
    // The wizard scrolls each new step to its top itself; the browser's own restoring would fight it.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onPopState = (event: PopStateEvent) => {
      historyMoved();
      const entry = stepEntry(event.state);
      if (!entry) return;
      dispatch({
        type: 'step/history',
        step: entry.step,
        now: Date.now(),
        changing: entry.changing,
      });
      setMoves((n) => n + 1);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [dispatch]);

  useEffect(() => {
    const afterMove = moves !== seenMoves.current;
    seenMoves.current = moves;
    const entry = stepEntry(window.history.state);
    // A Change link's visit is marked in its entry, so Back and Forward to it keep the hold.
    const mark = changing ? { changing: true as const } : {};
    if (!entry) {
      // Loaded once the visitor moved on from the address step (app.tsx), or on a page that opened
      // a saved sign-up (a finish-later link): every step before the one shown gets its entry, as
      // if walked, so Back and Go back go one step at a time (Payment back to Installation, the
      // hold kept) rather than to the address step.
      const walked = WIZARD_STEPS.slice(0, WIZARD_STEPS.indexOf(step) + 1);
      walked.forEach((behind, depth) => {
        if (depth === 0) writeStepEntry('replace', { step: behind, depth });
        else writeStepEntry('push', { step: behind, depth, ...(behind === step ? mark : {}) });
      });
      return;
    }
    if (entry.step === step) return;
    // Moving on adds an entry, and so does a Change link from Payment (Back then returns to
    // Payment, as it would from a page the link opened); anything else (a Back or Forward the state
    // did not allow in full, a link that starts over, a new sign-up) rewrites the current one to
    // the step shown.
    const pushes = isBefore(entry.step, step) || (changing && entry.step === 'payment');
    if (!afterMove && pushes) writeStepEntry('push', { step, depth: entry.depth + 1, ...mark });
    else writeStepEntry('replace', { step, depth: entry.depth, ...mark });
  }, [step, moves, changing]);

  // Loaded only once a hold is behind the visitor: most visits never have one.
  return holdBehind(state) ? (
    <Suspense fallback={null}>
      <HoldLetGoBehind />
    </Suspense>
  ) : null;
}
