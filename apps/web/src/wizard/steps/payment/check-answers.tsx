import { addressWithUnit } from '@fibre/domain/address';
import { arrivalWindowText, dateLabel } from '@fibre/domain/scheduling';
import { useId, type MouseEvent, type ReactNode } from 'react';
import type { ChangeableStep } from '../../store/actions.ts';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { text } from './text.ts';
import type { PaymentMethod } from './use-acceptances-form.ts';

interface Row {
  key: string;
  value: ReactNode;
  /** What the Change link changes, said to screen readers after 'Change'. */
  what: string;
  change: () => void;
}

interface Props {
  timeZone: string;
  method: PaymentMethod;
  /** Moves focus to the payment method's choice (on this step); null when there is no choice. */
  changeMethod: (() => void) | null;
}

/**
 * GOV.UK's check-your-answers summary list, above the agreements
 * (docs/rules/contact-and-connection.md#check-your-answers): the contact details, the unit and
 * address, the installation window and the payment method, each with a Change link named by what
 * it changes. A link to an earlier step goes there as a Change visit: its Continue comes back to
 * Payment with everything kept, the hold too (docs/rules/wizard-flow.md, "Checking the answers").
 */
export function CheckAnswers({ timeZone, method, changeMethod }: Props) {
  const { signup, address, reservations } = useWizard();
  const dispatch = useDispatch();
  const titleId = useId();
  const contact = signup.contact;
  const place = address.value;
  const slot = reservations.slot;
  const change = (step: ChangeableStep) => () => dispatch({ type: 'review/change', step });

  const rows: Row[] = [];
  if (contact) {
    rows.push({
      key: text.checkContact,
      value: (
        <>
          <span className="check-answers__line">{`${contact.firstName} ${contact.lastName}`}</span>
          <span className="check-answers__line">{contact.email}</span>
          <span className="check-answers__line">{contact.phone}</span>
        </>
      ),
      what: text.changeContact,
      change: change('contact'),
    });
  }
  if (place) {
    rows.push({
      key: text.checkAddress,
      value: addressWithUnit(place.formatted_address, place.unit),
      what: text.changeAddress,
      change: change('connection'),
    });
  }
  if (slot) {
    rows.push({
      key: text.checkInstallation,
      value: (
        <>
          <span className="check-answers__line">{dateLabel(slot.start, timeZone)}</span>
          <span className="check-answers__line">
            {arrivalWindowText(slot.start, slot.end, timeZone)}
          </span>
        </>
      ),
      what: text.changeInstallation,
      change: change('installation'),
    });
  }
  rows.push({
    key: text.checkMethod,
    value: method === 'bank' ? text.methodBankWords : text.methodCardWords,
    what: text.changeMethod,
    change: changeMethod ?? (() => undefined),
  });

  const follow = (row: Row) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    row.change();
  };

  return (
    <section className="card step-section check-answers" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {text.checkTitle}
      </h2>
      <p className="section-intro">{text.checkIntro}</p>
      <dl className="check-answers__list">
        {rows.map((row) => (
          <div key={row.key} className="check-answers__row">
            <dt className="check-answers__key">{row.key}</dt>
            <dd className="check-answers__value">{row.value}</dd>
            <dd className="check-answers__action">
              {(row.key !== text.checkMethod || changeMethod) && (
                // A link, as GOV.UK's pattern has it: it takes the visitor to where the answer is
                // given. The URL stays the wizard's (docs/rules/wizard-flow.md).
                <a href="#" onClick={follow(row)}>
                  {text.change}
                  <span className="visually-hidden"> {row.what}</span>
                </a>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
