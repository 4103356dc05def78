import { Suspense, useMemo, type ComponentType, type RefObject } from 'react';
import {
  cardTokeniserFor,
  type CardFieldsHandle,
  type CardFieldsProps,
} from '../../adapters/card-tokeniser/card-tokeniser.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { SegmentedControl } from '../../../shared/ui/segmented-control.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { BankAccountFields, type BankAccountHandle } from './bank-account-fields.tsx';
import { CardFeeNote } from './card-fee-note.tsx';
import { text } from './text.ts';
import type { PaymentMethod } from './use-acceptances-form.ts';
import type { PaymentProblems } from './use-payment-problems.ts';

type CardFields = ComponentType<CardFieldsProps>;
const fieldsLoads = new Map<string, Promise<CardFields>>();
const fieldsLoaded = new Map<string, CardFields>();

/**
 * The configured card fields' code, loaded once per tokeniser: asked for with the payment step's
 * code (the step's prefetch) or when the step draws them. A load that failed is forgotten.
 */
export function loadCardFields(kind: string): Promise<CardFields> {
  let pending = fieldsLoads.get(kind);
  if (!pending) {
    pending = cardTokeniserFor(kind).load();
    fieldsLoads.set(kind, pending);
    pending.then(
      (fields) => fieldsLoaded.set(kind, fields),
      () => fieldsLoads.delete(kind),
    );
  }
  return pending;
}

/**
 * The card fields to draw: their own component once their code is here, drawn at once; else a lazy
 * one, which shows the placeholder while the code loads (a lazy component suspends on its first
 * drawing even when its code is here, and React then holds the placeholder on screen a while).
 */
function cardFieldsFor(kind: string): CardFields {
  return (
    fieldsLoaded.get(kind) ??
    lazyWithRetry(() => loadCardFields(kind).then((fields) => ({ default: fields })))
  );
}

function CardFieldsSkeleton() {
  return (
    <div className="card-fields-skeleton" aria-hidden="true">
      <Skeleton height="4.6rem" />
      <Skeleton height="4.6rem" />
      <Skeleton height="4.6rem" />
    </div>
  );
}

interface MethodChoiceProps {
  method: PaymentMethod;
  chooseMethod: (next: PaymentMethod) => void;
  /** Where 'Change payment method' in the check-your-answers sends focus. */
  methodBox: RefObject<HTMLDivElement | null>;
}

/** Card or bank account, offered only where the catalogue names a Direct Debit Request. */
function MethodChoice({ method, chooseMethod, methodBox }: MethodChoiceProps) {
  return (
    <div className="payment__method" ref={methodBox}>
      <p className="field__label" aria-hidden="true">
        {text.methodLabel}
      </p>
      <SegmentedControl
        label={text.methodLabel}
        options={[
          { value: 'card', label: text.methodCard },
          { value: 'bank', label: text.methodBank },
        ]}
        value={method}
        onChange={chooseMethod}
      />
    </div>
  );
}

interface PaymentDetailsProps extends MethodChoiceProps {
  idPrefix: string;
  directDebitOffered: boolean;
  problems: PaymentProblems;
  busy: boolean;
  card: RefObject<CardFieldsHandle | null>;
  bank: RefObject<BankAccountHandle | null>;
}

/**
 * The card's section, or the bank account's paying by direct debit: the method's choice, the card
 * (or bank) error, and the fields, the card's from the configured tokeniser in a chunk of its own.
 */
export function PaymentDetails({
  idPrefix: ids,
  directDebitOffered,
  problems: { cardError, cardProblems, bankProblems },
  busy,
  card,
  bank,
  ...choice
}: PaymentDetailsProps) {
  const { site } = useConfig();
  const byBank = choice.method === 'bank';
  const CardFields = useMemo(
    () => cardFieldsFor(site.adapters.cardTokeniser),
    [site.adapters.cardTokeniser],
  );
  const cardErrorId = cardError ? `${ids}-card-error` : undefined;
  return (
    <section className="card step-section" aria-labelledby={`${ids}-card`}>
      <h2 id={`${ids}-card`} className="section-title">
        {byBank ? text.bankTitle : text.cardTitle}
      </h2>
      {directDebitOffered && <MethodChoice {...choice} />}
      <p className="section-intro">{byBank ? text.bankIntro : text.cardIntro}</p>
      {cardError && (
        <Alert tone="danger" className="payment__card-error">
          <p id={cardErrorId}>{byBank ? text.bankAccountInvalid : text.cardInvalid}</p>
        </Alert>
      )}
      {!byBank && <CardFeeNote />}
      {byBank ? (
        <BankAccountFields
          ref={bank}
          idPrefix={ids}
          errorId={cardErrorId}
          problems={bankProblems}
          disabled={busy}
        />
      ) : (
        <Suspense fallback={<CardFieldsSkeleton />}>
          <CardFields
            ref={card}
            idPrefix={ids}
            errorId={cardErrorId}
            problems={cardProblems}
            disabled={busy}
          />
        </Suspense>
      )}
      {site.adapters.cardTokeniser !== 'chargebee' && (
        <p className="payment__test-mode">{byBank ? text.bankTestMode : text.testMode}</p>
      )}
    </section>
  );
}
