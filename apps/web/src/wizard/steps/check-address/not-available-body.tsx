import type { Address } from '@fibre/domain/address';
import { Suspense, useMemo, useState } from 'react';
import { leadFormFor } from '../../adapters/lead-form/lead-form.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { text } from './text.ts';

/** 'We are sorry!': the address is not served; 'Register your address' shows the lead form. */
export function NotAvailableBody({ address }: { address: Address }) {
  const { site } = useConfig();
  const [registering, setRegistering] = useState(false);
  const LeadForm = useMemo(() => {
    const adapter = leadFormFor(site.adapters.leadForm);
    return lazyWithRetry(() => adapter.load().then((component) => ({ default: component })));
  }, [site]);

  if (registering) {
    return (
      <Suspense fallback={<LeadFormSkeleton />}>
        <LeadForm formattedAddress={address.formatted_address} />
      </Suspense>
    );
  }
  return (
    <div className="availability availability--unavailable">
      <p className="availability__address">{text.notAvailable(address.formatted_address)}</p>
      <p className="availability__more">{text.notAvailableMore}</p>
      <Button block onClick={() => setRegistering(true)} className="availability__cta">
        {text.register}
      </Button>
    </div>
  );
}

function LeadFormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="lead-skeleton">
      <span className="visually-hidden">Loading the form…</span>
      <Skeleton height="3rem" />
      <Skeleton height="3rem" style={{ marginTop: '1rem' }} />
      <Skeleton height="3rem" style={{ marginTop: '1rem' }} />
    </div>
  );
}
