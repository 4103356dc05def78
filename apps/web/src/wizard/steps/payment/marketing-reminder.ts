import { remindMeAnswer } from '@fibre/domain/api';
import type { PaymentAcceptances } from '@fibre/domain/contact';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { post, request } from '../../../shared/api/client.ts';
import { holdSessionHeader } from '../../../shared/api/hold-session.ts';
import { noBody } from '../../../shared/api/http.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { clearDraft, loadDraft, saveDraft } from '../../store/drafts.ts';
import { serialise } from '../../store/persistence.ts';
import { useWizard } from '../../store/store-context.tsx';
import type { AcceptanceValues } from './use-acceptances-form.ts';

/*
 * The reminder for the marketing box (docs/rules/mail.md, "The reminder to finish"): ticking it,
 * once the contact step has passed, saves the sign-up for the one reminder (nothing is mailed
 * now); unticking it withdraws that save. The save's withdrawing token is kept in the tab's
 * session storage with the drafts, for the contact's email: after a reload the box shows ticked
 * while the save stands, and unticking it still withdraws it. In the payment step's chunk only.
 */

/** The token of the save this tab made for the email, if it still stands. */
function keptToken(email: string | undefined): string | null {
  const kept = loadDraft('reminder', ['token', 'email'] as const);
  return kept?.token && email !== undefined && kept.email === email ? kept.token : null;
}

/** Whether this tab saved the sign-up for the reminder, for the email, and has not withdrawn it. */
export function reminderSaved(email: string | undefined): boolean {
  return keptToken(email) !== null;
}

export function useMarketingReminder(
  control: Control<AcceptanceValues, unknown, PaymentAcceptances>,
): void {
  const ticked = useWatch({ control, name: 'marketing' }) === true;
  const state = useWizard();
  const { site } = useConfig();
  // The value the step opened with is not a change (a box ticked before was saved then).
  const previous = useRef(ticked);
  const email = state.signup.contact?.email;
  // The withdrawing token of the save this tab made, while the box stays ticked; a box that opens
  // ticked may stand for a save made before a reload.
  const [kept] = useState(() => (ticked ? keptToken(email) : null));
  const saved = useRef<Promise<string | null> | null>(kept ? Promise.resolve(kept) : null);

  useEffect(() => {
    if (previous.current === ticked) return;
    previous.current = ticked;
    if (ticked && !saved.current && state.signup.contact) {
      const snapshot = JSON.parse(serialise(state)) as unknown;
      const pending: Promise<string | null> = post(
        `/api/v1/${encodeURIComponent(site.provider)}/signups/remind-me`,
        { snapshot },
        remindMeAnswer,
        { headers: holdSessionHeader() },
      ).then((result) => {
        if (!result.ok) return null;
        const token = result.data.withdraw_token;
        // Kept while this save stands (an untick meanwhile has its withdrawal on the way).
        if (saved.current === pending) saveDraft('reminder', { token, email });
        return token;
      });
      saved.current = pending;
    } else if (!ticked && saved.current) {
      // Withdrawn once the save answered, even when it was still on its way.
      const pending = saved.current;
      saved.current = null;
      clearDraft('reminder');
      void pending.then((token) => {
        if (token) void withdraw(token);
      });
    }
  }, [ticked, state, site.provider, email]);
}

const withdraw = (token: string) =>
  request('POST', `/api/v1/public/signups/withdraw/${encodeURIComponent(token)}`, noBody);
