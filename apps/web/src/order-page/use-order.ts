import type { OrderPageAnswer, ReservationBody } from '@fibre/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelOrder, fetchOrder, rescheduleOrder } from '../shared/api/order-page.ts';
import { loadFailedMessage, refusalOf, type ChangeRefusal } from './messages.ts';

export type { ChangeRefusal };

/*
 * The order, in the page's query cache, and its two changes (docs/rules/order-page.md). A change's
 * answer is the order as it now is: it replaces the cached one, so the page shows what the server
 * says, never a guess.
 */

export const orderKey = (token: string) => ['order', token];

export type OrderLoad =
  | { state: 'loading' }
  | { state: 'ready'; order: OrderPageAnswer }
  | { state: 'not-found' }
  /** 429 or any other failure: what it says (messages.ts). */
  | { state: 'failed'; message: string };

export function useOrder(token: string): { load: OrderLoad; retry: () => void } {
  const query = useQuery({
    queryKey: orderKey(token),
    queryFn: ({ signal }) => fetchOrder(token, signal),
    staleTime: 0,
  });
  const retry = () => void query.refetch();
  const result = query.data;
  if (!result) return { load: { state: 'loading' }, retry };
  if (result.ok) return { load: { state: 'ready', order: result.data }, retry };
  if (result.status === 404) return { load: { state: 'not-found' }, retry };
  return {
    load: { state: 'failed', message: loadFailedMessage(result) },
    retry,
  };
}

/** Reschedule or cancel; on success the cached order is the answer. */
export function useOrderChange(token: string) {
  const queryClient = useQueryClient();
  const run = async (call: () => ReturnType<typeof cancelOrder>) => {
    const result = await call();
    if (result.ok) {
      queryClient.setQueryData(orderKey(token), result);
      return result.data;
    }
    throw refusalOf(result);
  };
  const reschedule = useMutation<OrderPageAnswer, ChangeRefusal, ReservationBody>({
    mutationFn: (body) => run(() => rescheduleOrder(token, body)),
  });
  const cancel = useMutation<OrderPageAnswer, ChangeRefusal, void>({
    mutationFn: () => run(() => cancelOrder(token)),
  });
  return { reschedule, cancel };
}
