import { unitCallUs, unitMessages } from '@fibre/domain/shared';
import { Suspense, useId } from 'react';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { telHref } from '../../../shared/layout/header.tsx';
import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import { OrderSummary } from '../../order-summary/order-summary.tsx';
import { StepHeading } from '../../../shared/layout/step-focus.tsx';
import { useWizard } from '../../store/store-context.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import { text } from './text.ts';
import { useConnectionForm } from './use-connection-form.ts';
import './connection-details.css';

// Loaded after the step (docs/rules/mail.md#finish-later).
const FinishLater = lazyWithRetry(() => import('../../finish-later/finish-later.tsx'));

/** Step 4, Connection details: the unit; street, suburb, postcode and state are read-only. */
export function ConnectionDetailsStep() {
  const { address } = useWizard();
  const { form, onSubmit, goBack, mdu, units, connected, continueAsMoveIn } = useConnectionForm();
  const { errors, isSubmitting } = form.formState;
  const { supportPhone } = useConfig().site;
  const unitsId = useId();
  const value = address.value;
  const readOnly: [string, string][] = [
    [text.street, [value?.street_number, value?.street].filter(Boolean).join(' ')],
    [text.suburb, value?.suburb ?? ''],
    [text.postcode, value?.postcode ?? ''],
    [text.state, value?.state ?? ''],
  ];

  return (
    <section className="step">
      <StepHeading>{text.heading}</StepHeading>
      <p className="step-intro">{text.intro}</p>
      <div className="step-layout">
        <form className="card step-section connection-details" onSubmit={onSubmit} noValidate>
          <div className="form-grid form-grid--two">
            <Field
              label={text.unit}
              hint={mdu ? text.unitHintMdu : text.unitHintHouse}
              optional={!mdu}
              error={errors.unit?.message}
              className="form-grid__full connection-details__unit"
            >
              {(control) => (
                <input
                  className="input"
                  autoComplete="address-line2"
                  // The building's units as suggestions; typing is still taken
                  // (docs/rules/contact-and-connection.md#the-buildings-units).
                  list={units.length > 0 ? unitsId : undefined}
                  {...control}
                  {...form.register('unit')}
                />
              )}
            </Field>
            {units.length > 0 && (
              <datalist id={unitsId}>
                {units.map((unit) => (
                  <option key={unit} value={unit} />
                ))}
              </datalist>
            )}
            <div role="status" className="form-grid__full">
              {connected && (
                <div className="alert alert--warning">
                  <div className="connection-details__connected">
                    <p>
                      <strong>{unitMessages.connectedHeading}</strong>
                    </p>
                    <p>{unitMessages.connectedText}</p>
                    <div className="connection-details__choices">
                      <a href={telHref(supportPhone)}>{unitCallUs(supportPhone)}</a>
                      <Button variant="secondary" onClick={continueAsMoveIn}>
                        {unitMessages.continueAsMoveIn}
                      </Button>
                    </div>
                  </div>
                </div>
              )}
            </div>
            <p className="field__hint form-grid__full connection-details__note">
              {text.readOnlyNote}
            </p>
            {readOnly.map(([label, shown]) => (
              <Field key={label} label={label}>
                {(control) => <input className="input" readOnly value={shown} {...control} />}
              </Field>
            ))}
          </div>
          <div className="step-actions">
            <Button variant="secondary" onClick={goBack} keepsFieldFocus>
              {text.goBack}
            </Button>
            <Button type="submit" keepsFieldFocus busy={isSubmitting}>
              {text.continue}
            </Button>
          </div>
        </form>
        <div className="step-layout__aside">
          <OrderSummary />
        </div>
      </div>
      <Suspense fallback={null}>
        <FinishLater />
      </Suspense>
    </section>
  );
}
