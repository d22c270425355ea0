// The wizard's step lives in the URL (?step=N): each step the wizard moves
// to is a history entry, so the browser's Back and Forward move between
// steps, and a reload keeps the step (with the data saved for the tab).
// The reducer decides whether a step asked for by the URL may be shown.

import { useEffect, useRef, type Dispatch } from 'react';
import { useSearchParams } from 'react-router';
import { reachable, type Action, type Step, type WizardState } from '../lib/state';

function stepOf(text: string | null): Step | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 9 ? (n as Step) : null;
}

export function useStepHistory(state: WizardState, dispatch: Dispatch<Action>): void {
  const [params, setParams] = useSearchParams();
  const urlStep = stepOf(params.get('step'));
  /** shown: the step the URL and the wizard last agreed on. */
  const shown = useRef<Step | null>(null);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  // The wizard moved: a new history entry (the first one replaces the entry the payer arrived with).
  useEffect(() => {
    if (shown.current === state.step) return;
    const first = shown.current === null;
    shown.current = state.step;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('step', String(state.step));
        return next;
      },
      { replace: first, preventScrollReset: true },
    );
  }, [state.step, setParams]);

  // The URL moved (Back, Forward, an edited address): show that step when it may be shown.
  useEffect(() => {
    if (urlStep === null || shown.current === null || urlStep === shown.current) return;
    if (reachable(stateRef.current, urlStep)) {
      shown.current = urlStep;
      dispatch({ type: 'history', step: urlStep });
      return;
    }
    const step = stateRef.current.step;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('step', String(step));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [urlStep, dispatch, setParams]);
}
