import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** Whether the visitor has moved between steps (then a new step's heading takes focus). */
export const StepFocusContext = createContext(false);

/**
 * A step's heading (h1, tabIndex -1). After a step change it takes focus, so keyboard and screen
 * reader users start reading at the new step instead of wherever the old button was.
 */
export function StepHeading({ children, className }: { children: ReactNode; className?: string }) {
  const navigated = useContext(StepFocusContext);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (navigated) ref.current?.focus({ preventScroll: true });
  }, [navigated]);
  return (
    <h1 ref={ref} tabIndex={-1} className={['step-heading', className].filter(Boolean).join(' ')}>
      {children}
    </h1>
  );
}
