import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OrderPageAnswer } from '@fibre/domain/api';
import type { WindowSlot } from '../shared/booking-calendar/time-windows.tsx';
import { orderKey, useOrderChange, type ChangeRefusal } from './use-order.ts';

/** Refusals after which the free windows have changed: they are loaded again. */
const slotsChanged = new Set(['reservation_taken', 'window_closed', 'too_soon', 'same_window']);

interface ConfirmOptions {
  token: string;
  /** The windows loaded again. */
  refresh: () => void;
  onDone: (changed: OrderPageAnswer) => void;
}

/**
 * The window chosen and "Confirm new time": none chosen says so; the server's refusal is shown and
 * focused, the windows or the order loaded again where it says they changed
 * (docs/rules/order-page.md, Reschedule).
 */
export function useRescheduleConfirm({ token, refresh, onDone }: ConfirmOptions) {
  const queryClient = useQueryClient();
  const { reschedule } = useOrderChange(token);
  const errorRef = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<WindowSlot | null>(null);
  const [refusal, setRefusal] = useState<ChangeRefusal | null>(null);
  const [missing, setMissing] = useState(false);
  // A double click sends one request: the second press comes before the busy state renders.
  const sent = useRef(false);

  useEffect(() => {
    if (refusal) errorRef.current?.focus();
  }, [refusal]);

  const busy = reschedule.isPending;

  const choose = (slot: WindowSlot) => {
    setChosen(slot);
    setMissing(false);
    setRefusal(null);
  };

  const confirm = () => {
    if (busy || sent.current) return;
    if (!chosen) {
      setMissing(true);
      return;
    }
    setRefusal(null);
    sent.current = true;
    reschedule.mutate(
      { booking_id: chosen.booking_id, start: chosen.start, end: chosen.end },
      {
        onSuccess: (changed) => {
          refresh();
          onDone(changed);
        },
        onError: (error) => {
          setRefusal(error);
          if (slotsChanged.has(error.reason)) {
            setChosen(null);
            refresh();
          } else if (error.reason !== 'order_in_progress' && error.reason !== 'failed') {
            // Too late, passed, cancelled...: the order's own answer now says why.
            void queryClient.invalidateQueries({ queryKey: orderKey(token) });
          }
        },
        onSettled: () => {
          sent.current = false;
        },
      },
    );
  };

  return { chosen, setChosen, choose, missing, refusal, errorRef, busy, confirm };
}
