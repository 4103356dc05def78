import { finishLaterAnswer } from '@fibre/domain/api';
import { finishLaterMessages as words } from '@fibre/domain/shared';
import { useId, useState } from 'react';
import { post } from '../../shared/api/client.ts';
import { holdSessionHeader } from '../../shared/api/hold-session.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { serialise } from '../store/persistence.ts';
import { useWizard } from '../store/store-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import './finish-later.css';

/*
 * 'Email me a link to finish later' (docs/rules/mail.md, "Finish later"): from the contact step on,
 * once the contact step has passed (the email is known), the wizard sends its own serialised
 * state; the server takes out card data and the hold and mails the link. The later steps load it
 * lazily (its own chunk), so neither the address step nor the shell carries it.
 */

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string; until: string }
  | { kind: 'failed'; message: string };

export default function FinishLater({ marketing }: { marketing?: () => boolean }) {
  const state = useWizard();
  const { site } = useConfig();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ids = useId();
  if (!state.signup.contact) return null;

  const send = async () => {
    if (status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    const snapshot = JSON.parse(serialise(state)) as unknown;
    const result = await post(
      `/api/v1/${encodeURIComponent(site.provider)}/signups/finish-later`,
      { snapshot, marketing: marketing?.() ?? false },
      finishLaterAnswer,
      // The hold is saved only when this tab's session holds it (docs/rules/mail.md#finish-later).
      { headers: holdSessionHeader() },
    );
    setStatus(
      result.ok
        ? {
            kind: 'sent',
            email: result.data.email,
            until: new Date(result.data.expires_at).toLocaleDateString('en-AU', {
              day: 'numeric',
              month: 'long',
            }),
          }
        : {
            kind: 'failed',
            // Too many asked for (this address, or this hour's links to the email): wait, don't retry.
            message:
              result.code === 'too_many_links'
                ? words.tooMany
                : result.status === 429
                  ? result.message
                  : words.failed,
          },
    );
  };

  return (
    <section className="finish-later" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="finish-later__title">
        {words.heading}
      </h2>
      <p id={`${ids}-notice`} className="finish-later__notice">
        {words.notice}
      </p>
      <Button
        variant="secondary"
        busy={status.kind === 'sending'}
        aria-describedby={`${ids}-notice`}
        onClick={() => void send()}
      >
        {words.button}
      </Button>
      <p className="finish-later__status" role="status">
        {status.kind === 'sent' ? words.sent(status.email, status.until) : ''}
      </p>
      {status.kind === 'failed' && (
        <p className="finish-later__error" role="alert">
          {status.message}
        </p>
      )}
    </section>
  );
}
