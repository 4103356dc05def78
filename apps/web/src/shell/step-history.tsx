import { useEffect, useRef, useState } from 'react';
import { useHoldLetGoBehind } from '../shared/hold/let-go-behind.ts';
import { historyMoved, stepEntry, writeStepEntry } from '../shared/store/step-history.ts';
import { useDispatch, useWizard } from '../shared/store/store-context.tsx';

/**
 * Keeps the page's history in step with the wizard (docs/rules/wizard-flow.md, "Back and
 * Forward"): moving on adds an entry, the browser's Back and Forward move the wizard to the entry's
 * step (as far as the state allows), and a hold is let go when the visitor goes back past
 * Installation (shared/hold/let-go-behind.ts). Renders nothing.
 */
export function StepHistory() {
  const { step } = useWizard();
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
      dispatch({ type: 'step/history', step: entry.step, now: Date.now() });
      setMoves((n) => n + 1);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [dispatch]);

  useEffect(() => {
    const afterMove = moves !== seenMoves.current;
    seenMoves.current = moves;
    const entry = stepEntry(window.history.state);
    if (!entry) {
      writeStepEntry('replace', { step, depth: 0 });
      return;
    }
    if (entry.step === step) return;
    // Moving on adds an entry; anything else (a Back or Forward the state did not allow in full, a
    // link that starts over, a new sign-up) rewrites the current one to the step shown.
    if (!afterMove && step > entry.step) writeStepEntry('push', { step, depth: entry.depth + 1 });
    else writeStepEntry('replace', { step, depth: entry.depth });
  }, [step, moves]);

  useHoldLetGoBehind();

  return null;
}
