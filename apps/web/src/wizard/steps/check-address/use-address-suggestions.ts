import { useEffect, useState } from 'react';
import type {
  AddressPrediction,
  AddressSearch,
} from '../../adapters/address-search/address-search.ts';

const MIN_CHARS = 3;
const DEBOUNCE_MS = 180;

export interface Suggestions {
  options: AddressPrediction[];
  loading: boolean;
  /** A search finished (so 'no matches' can be said). */
  searched: boolean;
}

/** Suggestions for `query` (null: the text was chosen, not typed, so nothing to search). */
export function useAddressSuggestions(search: AddressSearch, query: string | null): Suggestions {
  const [state, setState] = useState<Suggestions>({ options: [], loading: false, searched: false });

  useEffect(() => {
    const text = query?.trim() ?? '';
    if (text.length < MIN_CHARS) {
      setState({ options: [], loading: false, searched: false });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, loading: true }));
      const options = await search.suggest(text, controller.signal);
      if (!controller.signal.aborted) setState({ options, loading: false, searched: true });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, query]);

  return state;
}
