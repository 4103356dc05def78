import { holdSecondsLeft } from '@fibre/domain/scheduling';
import { useEffect, useState } from 'react';

/**
 * Whole seconds left on a held reservation (the domain's holdSecondsLeft), ticking once a second
 * while a hold exists; null when there is none. 0 means the hold has expired.
 */
export function useHoldCountdown(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const tick = () => setNow(Date.now());
    // The render may have used a clock from before the hold existed.
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [expiresAt]);
  return expiresAt ? holdSecondsLeft(expiresAt, now) : null;
}
