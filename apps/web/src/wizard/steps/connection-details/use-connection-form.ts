import { zodResolver } from '@hookform/resolvers/zod';
import { buildingHasUnit, unitKey } from '@fibre/domain/address';
import { connectionDetailsSchema } from '@fibre/domain/contact';
import { unitMessages } from '@fibre/domain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fetchBuildingUnits, fetchUnitStatus } from '../../../shared/api/units.ts';
import { clearDraft, loadDraft, useFormDraft } from '../../store/drafts.ts';
import { useDispatch, useStepNavigation, useWizard } from '../../store/store-context.tsx';

interface ConnectionValues {
  unit: string;
}

/**
 * The building's units, where the catalogue lists them (docs/rules/contact-and-connection.md#the-buildings-units):
 * [] where it lists none and when the list could not be fetched (today's rule). `units` is [] while
 * they load; `load` waits for them, so a Continue pressed early is checked too.
 */
function useBuildingUnits(code: string, mdu: boolean) {
  const queryClient = useQueryClient();
  const enabled = mdu && code !== '';
  const options = {
    queryKey: ['building-units', code],
    staleTime: Infinity,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const result = await fetchBuildingUnits(code, { signal });
      return result.ok ? result.data.units : [];
    },
  };
  const query = useQuery({ ...options, enabled });
  const load = () => (enabled ? queryClient.ensureQueryData(options) : Promise.resolve([]));
  return { units: query.data ?? [], load };
}

/**
 * The unit, checked with the domain's unit rules, which apply only to multi-dwelling buildings;
 * where the building lists its units, also one of them and, when it already has an active order,
 * continued only as a move-in.
 */
export function useConnectionForm() {
  const { address, review } = useWizard();
  const dispatch = useDispatch();
  const { next, back } = useStepNavigation();
  const mdu = address.value?.mdu ?? false;
  const code = address.value?.uniqueCode ?? '';
  const { units, load } = useBuildingUnits(code, mdu);
  // The key of the unit found connected: its message shows while the field holds that unit.
  const [connectedKey, setConnectedKey] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(connectionDetailsSchema(mdu)), [mdu]);
  const form = useForm<ConnectionValues, unknown, ConnectionValues>({
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { unit: loadDraft('unit', ['unit'])?.unit ?? address.value?.unit ?? '' },
  });
  useFormDraft(form, 'unit');

  function proceed(unit: string) {
    clearDraft('unit');
    dispatch({ type: 'signup/unit', unit, confirmed: true });
    next();
  }

  const notInBuilding = () =>
    form.setError(
      'unit',
      { type: 'unit', message: unitMessages.notInBuilding },
      { shouldFocus: true },
    );

  const onSubmit = form.handleSubmit(async ({ unit }) => {
    setConnectedKey(null);
    const listed = await load();
    if (listed.length > 0) {
      if (!buildingHasUnit(listed, unit)) return notInBuilding();
      // The server knows the orders; a failed check leaves the decision to the install.
      const result = await fetchUnitStatus(code, unit);
      if (result.ok && !result.data.known) return notInBuilding();
      if (result.ok && result.data.connected) return setConnectedKey(unitKey(unit));
    }
    proceed(unit);
  });

  function goBack() {
    // Come from Payment's check-your-answers: back there with the unit unchanged
    // (docs/rules/wizard-flow.md, "Checking the answers").
    if (review.changing) clearDraft('unit');
    else dispatch({ type: 'signup/unit', unit: form.getValues('unit'), confirmed: false });
    back();
  }

  const unit = form.watch('unit');
  const connected = connectedKey !== null && connectedKey === unitKey(unit);
  const continueAsMoveIn = () => proceed(form.getValues('unit'));

  return { form, onSubmit, goBack, mdu, units, connected, continueAsMoveIn };
}
