import { addressFromPlace, withLookup, type Address, type Place } from '@fibre/domain/address';
import { ADDRESS_LOOKUP_LOCK_MS } from '@fibre/domain/shared';
import { useRef, useState } from 'react';
import { withMasterBuilding } from '../../../shared/api/buildings.ts';
import { lookupAddress, type AddressLookupBody } from '../../../shared/api/addresses.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { useDispatch } from '../../store/store-context.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const lookupBody = (a: Address): AddressLookupBody => ({
  formatted_address: a.formatted_address,
  street_number: a.street_number,
  street: a.street,
  suburb: a.suburb,
  state: a.state,
  postcode: a.postcode,
});

/**
 * Submit's address check: parse the chosen place, look its building up (404 or any failure is
 * status 'failed', the not-available dialog), resolve a slave building to its master, then open
 * the availability dialog. The button stays locked for at least ADDRESS_LOOKUP_LOCK_MS and for as
 * long as the lookup runs, so double presses send one lookup.
 */
export function useAddressCheck() {
  const dispatch = useDispatch();
  const { domain } = useConfig();
  const locked = useRef(false);
  const [busy, setBusy] = useState(false);

  async function check(place: Place, typed: string): Promise<void> {
    if (locked.current) return;
    locked.current = true;
    setBusy(true);
    const lock = wait(ADDRESS_LOOKUP_LOCK_MS);
    try {
      const parsed = addressFromPlace(place, typed, domain);
      const answer = await lookupAddress(lookupBody(parsed));
      const looked = withLookup(parsed, answer.ok ? answer.data.data : null);
      const address = await withMasterBuilding(looked);
      dispatch({ type: 'address/checked', input: parsed.formatted_address, address });
    } finally {
      await lock;
      locked.current = false;
      setBusy(false);
    }
  }

  return { check, busy };
}
