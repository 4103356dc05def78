import { zodResolver } from '@hookform/resolvers/zod';
import { connectionDetailsSchema } from '@fibre/domain/contact';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { clearDraft, loadDraft, useFormDraft } from '../../shared/store/drafts.ts';
import { useDispatch, useStepNavigation, useWizard } from '../../shared/store/store-context.tsx';

interface ConnectionValues {
  unit: string;
}

/** The unit, checked with the domain's unit rules, which apply only to multi-dwelling buildings. */
export function useConnectionForm() {
  const { address } = useWizard();
  const dispatch = useDispatch();
  const { next, back } = useStepNavigation();
  const mdu = address.value?.mdu ?? false;
  const resolver = useMemo(() => zodResolver(connectionDetailsSchema(mdu)), [mdu]);
  const form = useForm<ConnectionValues, unknown, ConnectionValues>({
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { unit: loadDraft('unit', ['unit'])?.unit ?? address.value?.unit ?? '' },
  });
  useFormDraft(form, 'unit');

  const onSubmit = form.handleSubmit(({ unit }) => {
    clearDraft('unit');
    dispatch({ type: 'signup/unit', unit, confirmed: true });
    next();
  });

  function goBack() {
    dispatch({ type: 'signup/unit', unit: form.getValues('unit'), confirmed: false });
    back();
  }

  return { form, onSubmit, goBack, mdu };
}
