import type { PaymentAcceptances } from '@fibre/domain/contact';
import type { DirectDebitOffer } from '@fibre/domain/api';
import type { UseFormReturn } from 'react-hook-form';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { ExternalLink } from '../../../shared/ui/external-link.tsx';
import { AcceptanceCheckbox } from './acceptance-checkbox.tsx';
import { text } from './text.ts';
import type { AcceptanceValues } from './use-acceptances-form.ts';

/** The boxes that must be ticked, in the page's order (the error summary lists them so). */
export const agreementNames = [
  'monthlyCharge',
  'newDevelopmentCharge',
  'terms',
  'directDebit',
] as const;

export const agreementId = (prefix: string, name: (typeof agreementNames)[number]) =>
  `${prefix}-${name}`;

interface AcceptancesProps {
  form: UseFormReturn<AcceptanceValues, unknown, PaymentAcceptances>;
  idPrefix: string;
  monthly: number;
  greenfield: boolean;
  /** The Direct Debit Request, paying by direct debit; null paying by card. */
  directDebit: DirectDebitOffer['document'];
}

/**
 * The agreements: the monthly charge with its amount, the New Development Charge for greenfield
 * buildings, the terms, the Direct Debit Request paying by direct debit; marketing optional.
 */
export function Acceptances({
  form,
  idPrefix,
  monthly,
  greenfield,
  directDebit,
}: AcceptancesProps) {
  const { site, domain } = useConfig();
  const { terms } = site.legal;
  const { errors } = form.formState;
  return (
    <fieldset className="card step-section payment__acceptances">
      <legend className="section-title payment__legend">{text.acceptancesTitle}</legend>
      <AcceptanceCheckbox
        label={text.monthlyCharge(monthly)}
        id={agreementId(idPrefix, 'monthlyCharge')}
        error={errors.monthlyCharge?.message}
        {...form.register('monthlyCharge')}
      />
      {greenfield && (
        <AcceptanceCheckbox
          label={text.newDevelopmentCharge(domain.newDevelopmentCharge)}
          id={agreementId(idPrefix, 'newDevelopmentCharge')}
          error={errors.newDevelopmentCharge?.message}
          {...form.register('newDevelopmentCharge')}
        />
      )}
      <AcceptanceCheckbox
        label={text.terms}
        id={agreementId(idPrefix, 'terms')}
        error={errors.terms?.message}
        after={
          terms && (
            <p className="acceptance__document">
              <ExternalLink href={terms.url}>{terms.title}</ExternalLink>
            </p>
          )
        }
        {...form.register('terms')}
      />
      {directDebit && (
        <AcceptanceCheckbox
          label={text.directDebit}
          id={agreementId(idPrefix, 'directDebit')}
          error={errors.directDebit?.message}
          after={
            <p className="acceptance__document">
              <ExternalLink href={directDebit.url}>{directDebit.title}</ExternalLink>
            </p>
          }
          {...form.register('directDebit')}
        />
      )}
      <AcceptanceCheckbox
        label={site.legal.marketingWords}
        hint={text.marketingHint}
        error={undefined}
        {...form.register('marketing')}
      />
    </fieldset>
  );
}
