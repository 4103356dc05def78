import { remindMeAnswer } from '@fibre/domain/api';
import type { PaymentAcceptances } from '@fibre/domain/contact';
import { useEffect, useRef } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { post, request } from '../../shared/api/client.ts';
import { noBody } from '../../shared/api/http.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { serialise } from '../../shared/store/persistence.ts';
import { useWizard } from '../../shared/store/store-context.tsx';
import type { AcceptanceValues } from './use-payment.ts';

/*
 * The reminder for the marketing box (docs/rules/mail.md, "The reminder to finish"): ticking it,
 * once the contact step has passed, saves the sign-up for the one reminder (nothing is mailed
 * now); unticking it withdraws that save. In the payment step's chunk only.
 */

export function useMarketingReminder(
  control: Control<AcceptanceValues, unknown, PaymentAcceptances>,
): void {
  const ticked = useWatch({ control, name: 'marketing' }) === true;
  const state = useWizard();
  const { site } = useConfig();
  // The value the step opened with is not a change (a box ticked before was saved then).
  const previous = useRef(ticked);
  // The withdrawing token of the save this tab made, while the box stays ticked.
  const saved = useRef<Promise<string | null> | null>(null);

  useEffect(() => {
    if (previous.current === ticked) return;
    previous.current = ticked;
    if (ticked && !saved.current && state.signup.contact) {
      const snapshot = JSON.parse(serialise(state)) as unknown;
      saved.current = post(
        `/api/v1/${encodeURIComponent(site.provider)}/signups/remind-me`,
        { snapshot },
        remindMeAnswer,
      ).then((result) => (result.ok ? result.data.withdraw_token : null));
    } else if (!ticked && saved.current) {
      // Withdrawn once the save answered, even when it was still on its way.
      const pending = saved.current;
      saved.current = null;
      void pending.then((token) => {
        if (token) void withdraw(token);
      });
    }
  }, [ticked, state, site.provider]);
}

const withdraw = (token: string) =>
  request('POST', `/api/v1/public/signups/withdraw/${encodeURIComponent(token)}`, noBody);
