import type { DirectDebitOffer } from '@fibre/domain/api';
import { useEffect, useState } from 'react';
import { getDirectDebitOffer } from '../../../shared/api/card-vault.ts';

/**
 * The Direct Debit Request the catalogue names, or null: direct debit is offered only where there
 * is one (docs/rules/contact-and-connection.md#direct-debit-through-chargebee).
 */
export function useDirectDebitOffer(): DirectDebitOffer['document'] {
  const [ddr, setDdr] = useState<DirectDebitOffer['document']>(null);
  useEffect(() => {
    const abort = new AbortController();
    void getDirectDebitOffer({ signal: abort.signal }).then((answer) => {
      if (answer.ok && answer.data) setDdr(answer.data.document);
    });
    return () => abort.abort();
  }, []);
  return ddr;
}
