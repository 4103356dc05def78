import { zodResolver } from '@hookform/resolvers/zod';
import { leadSchema, type LeadValues } from '@fibre/domain/contact';
import { messages } from '@fibre/domain/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createLead } from '../../../shared/api/leads.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Field } from '../../../shared/ui/field.tsx';
import { clearDraft, loadDraft, useFormDraft } from '../../store/drafts.ts';
import { CollectionNotice } from '../../legal/collection-notice.tsx';
import type { LeadFormProps } from './lead-form.ts';
import { LeadIntro, LeadThanks } from './lead-texts.tsx';
import './embedded-lead-form.css';

type LeadInput = z.input<typeof leadSchema>;

const leadFields = ['firstName', 'lastName', 'email', 'phone', 'message'] as const;

/** The built-in lead form: the domain's lead schema, stored with POST /api/v1/public/leads. */
export function EmbeddedLeadForm({ formattedAddress }: LeadFormProps) {
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const form = useForm<LeadInput, unknown, LeadValues>({
    resolver: zodResolver(leadSchema),
    mode: 'onTouched',
    // Typing kept across a reload (wizard/store/drafts.ts); the address is always the one checked.
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      message: '',
      ...loadDraft('lead', leadFields),
      formatted_address: formattedAddress,
    },
  });
  useFormDraft(form, 'lead');

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    const result = await createLead({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      formatted_address: values.formatted_address,
      ...(values.phone ? { phone: values.phone } : {}),
      ...(values.message ? { message: values.message } : {}),
    });
    if (result.ok) {
      clearDraft('lead');
      setSent(values.email);
      return;
    }
    let shown = false;
    for (const [name, message] of Object.entries(result.fields)) {
      if (name in values) {
        setError(name as keyof LeadInput, { message }, { shouldFocus: !shown });
        shown = true;
      }
    }
    if (!shown) setFailed(true);
  });

  if (sent) return <LeadThanks email={sent} formattedAddress={formattedAddress} />;

  return (
    <form className="lead-form" onSubmit={onSubmit} noValidate aria-label="Register your address">
      <LeadIntro formattedAddress={formattedAddress} />
      <div className="form-grid form-grid--two">
        <Field label="First name" error={errors.firstName?.message}>
          {(control) => (
            <input
              className="input"
              autoComplete="given-name"
              {...control}
              {...register('firstName')}
            />
          )}
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          {(control) => (
            <input
              className="input"
              autoComplete="family-name"
              {...control}
              {...register('lastName')}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email?.message} className="form-grid__full">
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
        <Field label="Mobile" optional error={errors.phone?.message} className="form-grid__full">
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
      </div>
      <CollectionNotice lead />
      {failed && (
        <Alert tone="danger" className="lead-form__alert">
          <p>{messages.somethingWentWrong}. Please try again.</p>
        </Alert>
      )}
      <Button type="submit" block busy={isSubmitting} className="lead-form__submit" keepsFieldFocus>
        Submit
      </Button>
    </form>
  );
}
