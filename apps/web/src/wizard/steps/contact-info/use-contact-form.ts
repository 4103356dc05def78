import { zodResolver } from '@hookform/resolvers/zod';
import { capitaliseName, contactSchema, type ContactFormValues } from '@fibre/domain/contact';
import { useErrorSummary } from '../../../shared/ui/use-error-summary.ts';
import { useForm, type Resolver } from 'react-hook-form';
import { clearDraft, loadDraft, useFormDraft } from '../../store/drafts.ts';
import type { ContactDraft } from '../../store/state.ts';
import { useDispatch, useStepNavigation, useWizard } from '../../store/store-context.tsx';

const empty: ContactDraft = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  phone: '',
  howDidYouHearAboutUs: '',
};

const fields = Object.keys(empty) as (keyof ContactDraft)[];

/**
 * The contact form: the domain's contactSchema through the zod resolver. Messages show once a
 * field is left (or on Continue), then follow every change. A refused Continue counts an attempt:
 * the error summary then takes focus, not the first field (docs/rules/contact-and-connection.md,
 * "The error summary"). Names are stored capitalised.
 */
export function useContactForm() {
  const { signup, review } = useWizard();
  const dispatch = useDispatch();
  const { next, back } = useStepNavigation();
  const form = useForm<ContactDraft, unknown, ContactFormValues>({
    // The form holds strings as typed ('' before a choice); the schema turns them into values.
    resolver: zodResolver(contactSchema) as unknown as Resolver<
      ContactDraft,
      unknown,
      ContactFormValues
    >,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // The error summary takes focus instead.
    shouldFocusError: false,
    // What was typed and not yet passed on wins (a reload keeps it: wizard/store/drafts.ts).
    defaultValues: {
      ...(signup.contact ?? signup.contactDraft ?? empty),
      ...loadDraft('contact', fields),
    },
  });
  useFormDraft(form, 'contact');

  const { attempt, onRefused, fieldItems } = useErrorSummary();
  const onSubmit = form.handleSubmit((values) => {
    clearDraft('contact');
    dispatch({
      type: 'signup/contact',
      contact: {
        ...values,
        firstName: capitaliseName(values.firstName),
        lastName: capitaliseName(values.lastName),
      },
    });
    next();
  }, onRefused);

  function goBack() {
    // Come from Payment's check-your-answers: Go back returns there with the details unchanged
    // (docs/rules/wizard-flow.md, "Checking the answers"); only Continue changes them.
    if (review.changing) clearDraft('contact');
    else dispatch({ type: 'signup/contact-draft', draft: form.getValues() });
    back();
  }

  return { form, onSubmit, goBack, attempt, fieldItems };
}
