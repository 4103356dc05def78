import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import { howDidYouHearOptions } from '@fibre/domain/contact';
import { Suspense, useId, type ClipboardEvent, type DragEvent } from 'react';
import { CollectionNotice } from '../../legal/collection-notice.tsx';
import { OrderSummary } from '../../order-summary/order-summary.tsx';
import { StepHeading } from '../../../shared/layout/step-focus.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorSummary } from '../../../shared/ui/error-summary.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import { text } from './text.ts';
import { useContactForm } from './use-contact-form.ts';

// Loaded after the step (docs/rules/mail.md#finish-later).
const FinishLater = lazyWithRetry(() => import('../../finish-later/finish-later.tsx'));

// docs/rules/contact-and-connection.md: copying and pasting are disabled in the confirm-email
// field.
const blockClipboard = (event: ClipboardEvent | DragEvent) => event.preventDefault();

// The fields in the order they are shown: the error summary lists their messages so.
const fieldOrder = [
  'firstName',
  'lastName',
  'email',
  'confirmEmail',
  'phone',
  'howDidYouHearAboutUs',
] as const;

/** Step 3, Contact info: the primary contact, with the order summary beside it. */
export function ContactInfoStep() {
  const { form, onSubmit, goBack, attempt, fieldItems } = useContactForm();
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const ids = useId();
  const idOf = (field: (typeof fieldOrder)[number]) => `${ids}-${field}`;
  // Every invalid field's message, in the form's order, once Continue has been refused.
  const problems = fieldItems(fieldOrder, errors, idOf);

  return (
    <section className="step">
      <StepHeading>{text.heading}</StepHeading>
      <p className="step-intro">{text.intro}</p>
      <div className="step-layout">
        <form className="card step-section" onSubmit={onSubmit} noValidate>
          <ErrorSummary items={problems} attempt={attempt} />
          <div className="form-grid form-grid--two">
            <Field id={idOf('firstName')} label={text.firstName} error={errors.firstName?.message}>
              {(control) => (
                <input
                  className="input"
                  autoComplete="given-name"
                  {...control}
                  {...register('firstName')}
                />
              )}
            </Field>
            <Field id={idOf('lastName')} label={text.lastName} error={errors.lastName?.message}>
              {(control) => (
                <input
                  className="input"
                  autoComplete="family-name"
                  {...control}
                  {...register('lastName')}
                />
              )}
            </Field>
            <Field
              id={idOf('email')}
              label={text.email}
              error={errors.email?.message}
              className="form-grid__full"
            >
              {(control) => (
                <input
                  className="input"
                  type="email"
                  autoComplete="email"
                  {...control}
                  {...register('email')}
                />
              )}
            </Field>
            <Field
              id={idOf('confirmEmail')}
              label={text.confirmEmail}
              hint={text.confirmEmailHint}
              error={errors.confirmEmail?.message}
              className="form-grid__full"
            >
              {(control) => (
                <input
                  className="input"
                  type="email"
                  autoComplete="off"
                  onPaste={blockClipboard}
                  onCopy={blockClipboard}
                  onCut={blockClipboard}
                  onDrop={blockClipboard}
                  {...control}
                  {...register('confirmEmail')}
                />
              )}
            </Field>
            <Field
              id={idOf('phone')}
              label={text.mobile}
              hint={text.mobileHint}
              error={errors.phone?.message}
            >
              {(control) => (
                <input
                  className="input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  {...control}
                  {...register('phone')}
                />
              )}
            </Field>
            <Field
              id={idOf('howDidYouHearAboutUs')}
              label={text.howDidYouHear}
              error={errors.howDidYouHearAboutUs?.message}
            >
              {(control) => (
                <select className="input" {...control} {...register('howDidYouHearAboutUs')}>
                  <option value="" disabled>
                    {text.choose}
                  </option>
                  {howDidYouHearOptions.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {/* Where the details are taken, before Continue sends them on (APP 5). */}
          <CollectionNotice />
          <div className="step-actions">
            <Button variant="secondary" onClick={goBack} keepsFieldFocus>
              {text.goBack}
            </Button>
            <Button type="submit" busy={isSubmitting} keepsFieldFocus>
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
