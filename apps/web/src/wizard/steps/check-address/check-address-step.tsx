import { isAddressSelectable, type Place } from '@fibre/domain/address';
import { Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  createAddressSearch,
  type AddressPrediction,
} from '../../adapters/address-search/address-search.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { CheckIcon } from '../../../shared/layout/icons.tsx';
import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import { StepHeading } from '../../../shared/layout/step-focus.tsx';
import { useDispatch, useWizard } from '../../store/store-context.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { AddressCombobox } from './address-combobox.tsx';
import { text } from './text.ts';
import { useAddressCheck } from './use-address-check.ts';
import './check-address.css';

// The availability dialog, and the dialog library under it, load when an address is checked, not
// with the first screen (bench/README.md: the address step's JavaScript).
const loadDialog = () => import('./availability-dialog.tsx');
const AvailabilityDialog = lazyWithRetry(() =>
  loadDialog().then((m) => ({ default: m.AvailabilityDialog })),
);

/** Step 1, Check Address: choose an address from the autocomplete and press Submit. */
export function CheckAddressStep() {
  const { site } = useConfig();
  const { address } = useWizard();
  const dispatch = useDispatch();
  const search = useMemo(
    () => createAddressSearch(site.adapters.addressSearch, site.services),
    [site],
  );
  const [value, setValue] = useState(address.input);
  const { check, busy } = useAddressCheck();
  // A link's prefilled address may be checked after this step opened: show it once it is (the
  // visitor's own check leaves what they typed as it is).
  const [checkedInput, setCheckedInput] = useState(address.input);
  if (checkedInput !== address.input) {
    setCheckedInput(address.input);
    if (!busy) setValue(address.input);
  }
  const [place, setPlace] = useState<Place | null>(null);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  function onValueChange(next: string) {
    setValue(next);
    setError(undefined);
    if (place && next !== place.formatted_address) setPlace(null);
  }

  async function onChoose(prediction: AddressPrediction) {
    setPlace(await search.resolve(prediction));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isAddressSelectable(place)) {
      void loadDialog();
      void check(place, value);
    } else if (address.value && value === address.input) {
      // Already checked (for example before a reload): show its answer again.
      dispatch({ type: 'address/dialog', open: true });
    } else {
      setError(text.chooseFromList);
      inputRef.current?.focus();
    }
  }

  return (
    <section className="step check-address">
      <div className="check-address__hero">
        <div className="check-address__copy">
          <StepHeading>{text.heading}</StepHeading>
          <p className="step-intro">{text.intro}</p>
          <ul className="check-address__perks">
            {text.perks.map((perk) => (
              <li key={perk}>
                <CheckIcon size={18} />
                {perk}
              </li>
            ))}
          </ul>
        </div>
        <form className="card check-address__form" onSubmit={onSubmit} noValidate>
          <AddressCombobox
            search={search}
            value={value}
            onValueChange={onValueChange}
            onChoose={onChoose}
            error={error}
            inputRef={inputRef}
          />
          <Button type="submit" block busy={busy}>
            {text.submit}
          </Button>
        </form>
      </div>
      {address.value && (
        <Suspense fallback={null}>
          <AvailabilityDialog returnFocus={() => inputRef.current?.focus()} />
        </Suspense>
      )}
    </section>
  );
}
