import { finaleFailed, finaleFromInstallAnswer, messages, PAID_PAGE_NAME } from '@fibre/domain';
import { useCallback, useEffect, useState } from 'react';
import { pushPageView } from '../../app/analytics/data-layer.ts';
import type { ApiResult } from '../../app/api/client.ts';
import { placeInstall } from '../../app/api/endpoints.ts';
import { useOrder } from '../../app/catalogue/use-order.ts';
import { useConfig } from '../../app/config/config-context.tsx';
import { useDispatch, useLatestWizard, useWizard } from '../../app/store/store-context.tsx';
import { installBodyFrom } from './install-body.ts';

type InstallAnswer = ApiResult<{ success: true; order_id: string }>;

// One request per Idempotency-Key at a time in this page (React's development double effects,
// a quick retry); the server makes the key safe across pages, reloads and instances.
const inflight = new Map<string, Promise<InstallAnswer>>();
// 'Paid' is pushed once per order, however often its answer is read.
const paidPushed = new Set<string>();

function placeOnce(provider: string, key: string, body: Parameters<typeof placeInstall>[1]) {
  let answer = inflight.get(key);
  if (!answer) {
    answer = placeInstall(provider, body, key);
    inflight.set(key, answer);
    void answer.finally(() => inflight.delete(key));
  }
  return answer;
}

/**
 * Places the order once the confirmation step shows: the install call with the Idempotency-Key
 * made at payment, so a reload, a retry or a second tab sends the same key and the server places
 * one order. A result already in the store (after a reload) is shown, not sent again.
 */
export function useInstall() {
  const { site, domain } = useConfig();
  const { finale } = useWizard();
  const latest = useLatestWizard();
  const dispatch = useDispatch();
  // Only a failure to reach the server (or a server error) is worth the same attempt again.
  const [retryable, setRetryable] = useState(false);
  // The plan, router and offer, from the catalogue's query: after a reload it is fetched again
  // before the order can be sent.
  const order = useOrder();
  const catalogueReady = order.catalogue.loaded || order.catalogue.failed;

  const send = useCallback(async () => {
    const state = latest.current;
    const key = state.signup.idempotencyKey;
    const body = installBodyFrom(state, domain, order);
    if (!key || !body) {
      dispatch({ type: 'finale/result', result: finaleFailed(null) });
      return;
    }
    setRetryable(false);
    dispatch({ type: 'finale/sending' });
    const answer = await placeOnce(site.provider, key, body);
    // status 0: no answer at all, which the parser of docs/rules/orders.md (statuses above 299)
    // would read as fine.
    if (answer.status === 0) {
      setRetryable(true);
      dispatch({ type: 'finale/result', result: finaleFailed(messages.somethingWentWrong) });
      return;
    }
    const result = finaleFromInstallAnswer(answer.status, answer.data);
    setRetryable(answer.status >= 500);
    dispatch({ type: 'finale/result', result });
    if (result.success && !paidPushed.has(key)) {
      paidPushed.add(key);
      pushPageView(PAID_PAGE_NAME, 7);
    }
  }, [dispatch, domain, latest, site.provider, order]);

  const pending = !finale.success && finale.err === null;
  useEffect(() => {
    if (catalogueReady && pending && finale.status !== 'loading') void send();
    // Sent when the step opens with nothing answered yet and the catalogue is known (once:
    // retries go through retry()).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once ready; a later change must not send again
  }, [catalogueReady]);

  return { finale, loading: pending, retryable, retry: send };
}
