import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type Dispatch,
  type ReactNode,
} from 'react';
import type { Action } from './actions.ts';
import { loadState, saveState } from './persistence.ts';
import { reducer } from './reducer.ts';
import { reachableStep } from './selectors.ts';
import { backThroughHistory } from './step-history.ts';
import { initialState, type WizardState } from './state.ts';

const StateContext = createContext<WizardState | null>(null);
const DispatchContext = createContext<Dispatch<Action> | null>(null);

/** The saved state, on the furthest step it still supports; a fresh one otherwise. */
export function restoredState(saved: WizardState | null, now: number): WizardState {
  if (!saved) return initialState;
  // A placed order stays on its confirmation: its hold is spent (booked), so the step model would
  // not reach the confirmation again, and nothing is left to choose.
  if (saved.step === 'confirmation' && saved.reservations.booked) return saved;
  return { ...saved, step: reachableStep(saved, saved.step, now) };
}

/** The wizard's store, restored from the tab's saved state. */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, null, () => restoredState(loadState(), Date.now()));
  useEffect(() => saveState(state), [state]);
  return (
    <DispatchContext value={dispatch}>
      <StateContext value={state}>{children}</StateContext>
    </DispatchContext>
  );
}

export function useWizard(): WizardState {
  const state = useContext(StateContext);
  if (!state) throw new Error('useWizard outside StoreProvider');
  return state;
}

export function useDispatch(): Dispatch<Action> {
  const dispatch = useContext(DispatchContext);
  if (!dispatch) throw new Error('useDispatch outside StoreProvider');
  return dispatch;
}

/** Next and back, as the domain's step model allows (the reducer checks again with fresh state). */
export function useStepNavigation() {
  const dispatch = useDispatch();
  // Only the dispatcher: a step that moves on or back is not drawn again for every change of the
  // store (the installation calendar's days would be, bench/README.md).
  return useMemo(
    () => ({
      next: () => dispatch({ type: 'step/next', now: Date.now() }),
      // Through the page's history when it can, so the browser's Forward returns (step-history.ts).
      back: () => {
        if (!backThroughHistory()) dispatch({ type: 'step/back', now: Date.now() });
      },
    }),
    [dispatch],
  );
}
