import type { Address } from '@fibre/domain/address';
import {
  couponOutcome,
  normaliseCouponCode,
  resolveOfferConflict,
  type CouponOutcome,
  type Discount,
  type OfferChoice,
} from '@fibre/domain/offers';
import { messages } from '@fibre/domain/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOrder } from '../catalogue/use-order.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { offeredPlans } from '../store/selectors.ts';
import { useDispatch, useWizard } from '../store/store-context.tsx';
import { checkCode } from './check-code.ts';
import { useCartCoupon } from './use-cart-coupon.ts';

export type Conflict = Extract<CouponOutcome, { kind: 'conflict' }>;

export type CodeStatus =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'invalid' } | { kind: 'kept'; words: string };

interface CodeCheck {
  code: string;
  planIds: string[];
  address: Pick<Address, 'postcode' | 'suburb'>;
  /** The offer the order carried when the code was sent: the one a code may conflict with. */
  current: Discount | null;
  /** The pc link parameter's code, applied by itself rather than typed. */
  fromLink: boolean;
}

interface AnswerEffects {
  dispatch: ReturnType<typeof useDispatch>;
  setError: (message: string | null) => void;
  setConflict: (conflict: (Conflict & { fromLink: boolean }) | null) => void;
}

/**
 * What a code's answer does: a code that skips validation is kept without an offer; a refused
 * code shows its message beside the field (typed) or is dropped with 'Coupon is invalid' (a
 * link's); an offer different from the current one asks 'Confirm Offer'; else the code is taken.
 */
function actOnAnswer(
  v: CodeCheck,
  answer: Awaited<ReturnType<typeof checkCode>>,
  { dispatch, setError, setConflict }: AnswerEffects,
) {
  if (answer.kind === 'skip') {
    dispatch({
      type: 'discount/code',
      code: normaliseCouponCode(v.code),
      discount: null,
      coupon: null,
    });
    return;
  }
  if (answer.kind === 'invalid') {
    // A typed code shows its own message beside the field; a link's code is dropped.
    if (v.fromLink) {
      dispatch({ type: 'discount/code', code: null, discount: null, coupon: null });
      setError(messages.couponInvalid);
    }
    return;
  }
  const outcome = couponOutcome(v.current, answer.coupon);
  if (outcome.kind === 'conflict') setConflict({ ...outcome, fromLink: v.fromLink });
  else if (outcome.kind === 'accepted') {
    dispatch({
      type: 'discount/code',
      code: answer.coupon.coupon_id,
      discount: outcome.discount,
      // A link's code is checked against every offered plan: Add to cart checks it again for
      // the chosen one. A typed code is checked for the chosen plan: the order carries it.
      coupon: v.fromLink ? null : answer.coupon,
    });
    setError(null);
  }
}

/** Checking and refused are said of a typed code only; kept once 'keep current offer' is chosen. */
function codeStatus(
  check: {
    variables?: CodeCheck | undefined;
    isPending: boolean;
    data?: { kind: string } | undefined;
  },
  kept: string | null,
): CodeStatus {
  const typed = check.variables?.fromLink === false;
  return typed && check.isPending
    ? { kind: 'checking' }
    : typed && check.data?.kind === 'invalid'
      ? { kind: 'invalid' }
      : kept !== null
        ? { kind: 'kept', words: kept }
        : { kind: 'idle' };
}

/**
 * The one owner of offer codes (docs/rules/offers-and-coupons.md): the promo code a link brought
 * (pc, applied once the address, the plans and the building's campaign are known), the code typed
 * at payment (Validate), the 'Confirm Offer' choice when a code's offer differs from the current
 * one, and Add to cart's check of the order's coupon for the chosen plan.
 *
 * Each check is a mutation. Only the latest check's answer is acted on: an answer for an older
 * code (sent before the visitor typed or sent another) is dropped, so a late refusal never shows.
 *
 * `applyLinkCode`: this screen applies a pending link code (the Build Plan step).
 */
export function useOfferCode({ applyLinkCode = false }: { applyLinkCode?: boolean } = {}) {
  const { domain } = useConfig();
  const state = useWizard();
  const dispatch = useDispatch();
  const { plan, offer, catalogue } = useOrder();
  const [conflict, setConflict] = useState<(Conflict & { fromLink: boolean }) | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  /** 'Coupon is invalid' on the Build Plan step: a refused link code, or Add to cart's refusal. */
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (v: CodeCheck) => checkCode(v.code, v.planIds, v.address, domain),
  });
  const address = state.address.value;
  const { discount } = state;
  const { confirmForPlan, confirming } = useCartCoupon(address, offer.couponCode, setError);

  function send(v: CodeCheck, onSettled?: () => void) {
    setKept(null);
    check.mutate(v, {
      onSettled,
      onSuccess: (answer) => actOnAnswer(v, answer, { dispatch, setError, setConflict }),
    });
  }

  // The link's code, once what its rules need is known: the postcode and suburb, the plans, and
  // the offer it may conflict with.
  const pendingCode = discount.pendingCode;
  const ready =
    applyLinkCode &&
    pendingCode !== null &&
    address !== null &&
    catalogue.plans.length > 0 &&
    catalogue.campaignSettled &&
    check.status === 'idle';
  useEffect(() => {
    if (!ready || !pendingCode || !address) return;
    send({
      code: pendingCode,
      planIds: offeredPlans(state, catalogue.plans, domain).map((p) => p.id),
      address,
      current: offer.discount,
      fromLink: true,
    });
    // Sent once per pending code: the mutation leaves 'idle' as it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rest is read as it is when ready
  }, [ready, pendingCode, address]);

  /** Validate: the typed code, for the chosen plan. `onSettled` runs once it has its answer. */
  function validate(code: string, onSettled?: () => void) {
    if (!plan || !address) return;
    send(
      { code, planIds: [plan.id], address, current: offer.discount, fromLink: false },
      onSettled,
    );
  }

  function choose(choice: OfferChoice) {
    if (!conflict) return;
    const resolved = resolveOfferConflict(conflict, choice);
    if (choice === 'code' && resolved.coupon) {
      dispatch({
        type: 'discount/code',
        code: resolved.coupon.coupon_id,
        discount: resolved.discount,
        coupon: conflict.fromLink ? null : resolved.coupon,
      });
    } else {
      // The current offer stays exactly as it is; a link's code is settled.
      if (conflict.fromLink) {
        dispatch({
          type: 'discount/code',
          code: discount.code,
          discount: discount.discount,
          coupon: discount.coupon,
        });
      } else setKept(resolved.discount.in_words);
    }
    setConflict(null);
  }

  return {
    offer,
    status: codeStatus(check, kept),
    error,
    conflict,
    validate,
    choose,
    /** Typing again (or Try again): any answer still on its way is for an older code: dropped. */
    reset: () => {
      check.reset();
      setKept(null);
    },
    confirmForPlan,
    confirming,
  };
}
