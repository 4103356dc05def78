import { messages } from '@fibre/domain/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmOfferDialog } from '../../offers/confirm-offer-dialog.tsx';
import { useOfferCode } from '../../offers/use-offer-code.ts';
import { clearDraft, loadDraft, saveDraft } from '../../store/drafts.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { text } from './text.ts';

/**
 * The promo / referral code with Validate. Its own small form (Enter validates the code, not the
 * payment), shown only while no referral or move-in offer is active (the step decides). The code's
 * state is the offer code hook's (wizard/offers/use-offer-code.ts).
 */
export function PromoCode() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // A code typed and not yet validated survives a reload (wizard/store/drafts.ts).
  const [code, setCode] = useState(() => loadDraft('promo', ['code'])?.code ?? '');
  const { offer, status, conflict, validate, choose, reset } = useOfferCode();
  const invalid = status.kind === 'invalid';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    validate(code, () => inputRef.current?.focus());
  }

  function tryAgain() {
    reset();
    setCode('');
    clearDraft('promo');
    inputRef.current?.focus();
  }

  return (
    <section className="card step-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {text.promoTitle}
      </h2>
      <form className="promo-code" onSubmit={onSubmit} noValidate>
        <div className="field promo-code__field">
          <label className="field__label" htmlFor={id}>
            {text.promoCode}
          </label>
          <div className="promo-code__row">
            <input
              ref={inputRef}
              id={id}
              className="input"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
              onChange={(e) => {
                setCode(e.target.value);
                saveDraft('promo', { code: e.target.value });
                // A newer code: whatever the older one answers (even later) is not shown.
                if (status.kind !== 'idle') reset();
              }}
            />
            <Button type="submit" variant="secondary" busy={status.kind === 'checking'}>
              {text.validate}
            </Button>
          </div>
          <p className="field__hint" id={hintId}>
            {text.promoHint}
          </p>
          {invalid && (
            <div className="promo-code__invalid">
              <p className="field__error" id={errorId}>
                {messages.couponInvalid}
              </p>
              <Button variant="ghost" onClick={tryAgain}>
                {text.tryAgain}
              </Button>
            </div>
          )}
        </div>
      </form>
      <div role="status" className="promo-code__status">
        {status.kind === 'kept' ? (
          <p className="promo-code__applied">{text.keptOffer(status.words)}</p>
        ) : (
          offer.source === 'promo' &&
          offer.couponCode && (
            <p className="promo-code__applied">
              {text.promoApplied(offer.couponCode, offer.discount?.in_words ?? null)}
            </p>
          )
        )}
      </div>
      <ConfirmOfferDialog conflict={conflict} onChoose={choose} />
    </section>
  );
}
