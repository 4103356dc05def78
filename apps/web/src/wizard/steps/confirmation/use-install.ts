import {
  finaleFailed,
  finaleFromInstallAnswer,
  finaleSucceeded,
  initialFinale,
  type InstallBody,
  type SubmissionResult,
} from '@fibre/domain/install';
import type { OrderPlacedAnswer } from '@fibre/domain/api';
import { messages } from '@fibre/domain/shared';
import { PAID_PAGE_NAME } from '@fibre/domain/wizard';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pushPageView } from '../../analytics/data-layer.ts';
import { reportStep } from '../../analytics/funnel.ts';
import type { ApiResult } from '../../../shared/api/client.ts';
import { placeInstall } from '../../../shared/api/orders.ts';
import { useOrder } from '../../catalogue/use-order.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { installBodyFrom } from './install-body.ts';
import { BANK_ACCOUNT_HELD, heldBankAccount } from '../../payment/bank-account-handoff.ts';

type InstallAnswer = ApiResult<OrderPlacedAnswer>;

// One request per Idempotency-Key at a time in this page (React's development double effects,
// a quick retry); the server makes the key safe across pages, reloads and instances.
const inflight = new Map<string, Promise<InstallAnswer>>();
// 'Paid' is pushed once per order, however often its answer is read.
const paidPushed = new Set<string>();

function placeOnce(provider: string, key: string, body: InstallBody) {
  let answer = inflight.get(key);
  if (!answer) {
    answer = placeInstall(provider, body, key);
    inflight.set(key, answer);
    void answer.finally(() => inflight.delete(key));
  }
  return answer;
}

interface Order {
  key: string | null;
  body: InstallBody | null;
}

/** The install call's answer, read once (docs/rules/orders.md), and whether it is worth again. */
interface Placed {
  result: SubmissionResult;
  /** Only a failure to reach the server (or a server error) is worth the same attempt again. */
  retryable: boolean;
  /**
   * Billing declined the card or the bank account (402): the hold is still the visitor's, so
   * another card (or direct debit) may pay for the same order (docs/rules/orders.md).
   */
  declined: boolean;
  /** The placed order as the server answered it (success only). */
  order: OrderPlacedAnswer | null;
}

/**
 * Places the order once the confirmation step shows: the install call as a mutation, with the
 * Idempotency-Key made at payment, so a reload, a retry or a second tab sends the same key and the
 * server places one order (and answers the same). Its answer belongs to this screen; the store
 * keeps only that the hold was booked, so a reload after success shows the placed order without
 * sending it again.
 */
export function useInstall() {
  const { site, domain } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const booked = state.reservations.booked;
  // The plan, router and offer, from the catalogue's query: after a reload it is fetched again
  // before the order can be sent.
  const order = useOrder();
  const catalogueReady = order.catalogue.loaded || order.catalogue.failed;

  const install = useMutation({
    mutationKey: ['install'],
    mutationFn: async ({ key, body }: Order): Promise<Placed> => {
      if (!key || !body)
        return { result: finaleFailed(null), retryable: false, declined: false, order: null };
      const answer = await placeOnce(site.provider, key, body);
      // status 0: no answer at all, which the parser of docs/rules/orders.md (statuses above 299)
      // would read as fine.
      if (answer.status === 0) {
        return {
          result: finaleFailed(messages.somethingWentWrong),
          retryable: true,
          declined: false,
          order: null,
        };
      }
      return {
        result: finaleFromInstallAnswer(answer.status, answer.data),
        retryable: answer.status >= 500,
        declined: answer.status === 402,
        order: answer.ok ? answer.data : null,
      };
    },
    onSuccess: ({ result, order: placed }, { key }) => {
      if (!result.success || !key) return;
      // The answer is kept with the booked hold, so a reload shows the same confirmation.
      if (placed) dispatch({ type: 'order/placed', placed });
      dispatch({ type: 'reservations/changed', change: { to: 'booked' } });
      if (!paidPushed.has(key)) {
        paidPushed.add(key);
        pushPageView(PAID_PAGE_NAME, 'confirmation');
        // The funnel's last step (docs/rules/funnel.md).
        reportStep(PAID_PAGE_NAME, state.address.value?.uniqueCode, state.campaign.campaign?.id);
      }
    },
  });

  const send = () =>
    install.mutate({
      key: state.signup.idempotencyKey,
      body: installBodyFrom(state, domain, order),
    });

  useEffect(() => {
    if (!catalogueReady || booked || !install.isIdle) return;
    // Chargebee's direct debit: the bank account lived in the page's memory only and a reload lost
    // it, so the wizard goes back (as Back from here does) and the visitor types it again at
    // payment (docs/rules/contact-and-connection.md#direct-debit-through-chargebee).
    if (state.signup.cardToken === BANK_ACCOUNT_HELD && !heldBankAccount()) {
      dispatch({ type: 'step/back', now: Date.now() });
      return;
    }
    send();
    // Sent when the step opens with nothing placed yet and the catalogue is known (once: retries
    // go through retry()).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once ready; a later change must not send again
  }, [catalogueReady]);

  const finale: SubmissionResult = booked
    ? finaleSucceeded()
    : (install.data?.result ?? initialFinale);
  return {
    finale,
    /** The placed order's answer: this screen's, or the one kept for a reload. */
    placed: install.data?.order ?? state.signup.placed,
    loading: !booked && (install.isIdle || install.isPending),
    retryable: !booked && (install.data?.retryable ?? false),
    declined: !booked && (install.data?.declined ?? false),
    retry: send,
  };
}
