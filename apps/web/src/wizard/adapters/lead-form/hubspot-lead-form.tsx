import { Suspense, useEffect, useId, useState } from 'react';
import { createLead } from '../../../shared/api/leads.ts';
import { logError } from '../../../shared/api/log.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { CollectionNotice } from '../../legal/collection-notice.tsx';
import { lazyWithRetry } from '../../../shared/lazy/lazy-with-retry.ts';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { formElement, loadHubSpotForms } from './hubspot-forms.ts';
import {
  enteredValues,
  hubSpotAddressField,
  leadFromHubSpot,
  prefillField,
} from './hubspot-lead.ts';
import type { LeadFormProps } from './lead-form.ts';
import { LeadIntro, LeadThanks } from './lead-texts.tsx';
import './hubspot-lead-form.css';

const EmbeddedLeadForm = lazyWithRetry(() =>
  import('./embedded-lead-form.tsx').then((m) => ({ default: m.EmbeddedLeadForm })),
);

/** HubSpot's data region of the portal (the embed code's `region`). */
const REGION = 'na1';

/**
 * How long the script and the form may take before the visitor gets the built-in form instead: a
 * script that is blocked or offline fails at once, one that hangs (or a form id HubSpot does not
 * know, which renders nothing) would otherwise leave the visitor waiting for good.
 */
const READY_WITHIN_MS = 15_000;

type Phase = 'loading' | 'ready' | 'built-in' | { sent: string };

/**
 * The HubSpot form embed (docs/decisions/006-hubspot-lead-form.md): HubSpot's own form, created
 * in the dialog with the checked address carried in; once HubSpot has the submission our own
 * lead record is kept too. Whenever HubSpot cannot give a form, the built-in one takes its place.
 */
export function HubSpotLeadForm({ formattedAddress }: LeadFormProps) {
  const ids = useConfig().site.services.hubspot;
  const targetId = useId();
  const [phase, setPhase] = useState<Phase>(ids ? 'loading' : 'built-in');

  useEffect(() => {
    if (!ids) {
      logError('HubSpot lead form: no portal and form id in the config; using the built-in form');
      return;
    }
    // Cleared on unmount or fallback: a late onFormReady then changes nothing.
    let active = true;
    let entered: Record<string, string> = {};
    const fallBack = (reason: string, detail?: unknown) => {
      if (!active) return;
      active = false;
      logError(`HubSpot lead form: ${reason}; using the built-in form`, detail);
      setPhase('built-in');
    };
    const deadline = window.setTimeout(
      () => fallBack(`no form within ${READY_WITHIN_MS / 1000} s`),
      READY_WITHIN_MS,
    );

    loadHubSpotForms().then(
      (forms) => {
        if (!active) return;
        forms.create({
          region: REGION,
          portalId: ids.portalId,
          formId: ids.formId,
          target: `#${CSS.escape(targetId)}`,
          onFormReady: (arg) => {
            if (!active) return;
            window.clearTimeout(deadline);
            const form = formElement(arg);
            if (form) prefillField(form, hubSpotAddressField, formattedAddress);
            setPhase('ready');
          },
          onFormSubmit: (arg) => {
            const form = formElement(arg);
            if (form) entered = enteredValues(form);
          },
          onFormSubmitted: (_arg, data) => {
            // HubSpot has the lead, so the visitor is thanked whatever becomes of our own copy.
            const lead = leadFromHubSpot(
              { ...entered, ...data?.submissionValues },
              formattedAddress,
            );
            void createLead(lead).then((result) => {
              // An Error, so that it is reported (Rollbar in production): a lead is missing here.
              if (!result.ok) {
                logError(
                  'HubSpot lead form: HubSpot has the lead, our own record failed',
                  new Error(`POST /api/v1/public/leads answered ${result.status}`),
                );
              }
            });
            setPhase({ sent: lead.email });
          },
        });
      },
      // Not an Error: blocked third-party scripts are the visitor's choice, not ours to report.
      (error: unknown) =>
        fallBack('the script did not load', error instanceof Error ? error.message : error),
    );
    return () => {
      active = false;
      window.clearTimeout(deadline);
      // A form HubSpot already rendered goes with this run (React re-runs effects in development).
      document.getElementById(targetId)?.replaceChildren();
    };
  }, [ids, targetId, formattedAddress]);

  if (typeof phase === 'object') {
    return <LeadThanks email={phase.sent} formattedAddress={formattedAddress} />;
  }
  if (phase === 'built-in') {
    return (
      <Suspense fallback={<Loading />}>
        <EmbeddedLeadForm formattedAddress={formattedAddress} />
      </Suspense>
    );
  }
  return (
    <div className="lead-form" aria-busy={phase === 'loading'}>
      <LeadIntro formattedAddress={formattedAddress} />
      {phase === 'loading' && <Loading />}
      {/* HubSpot renders into this element; React never puts anything in it. */}
      <div id={targetId} className="hubspot-lead-form" />
      <CollectionNotice lead />
    </div>
  );
}

function Loading() {
  return (
    <div role="status" className="hubspot-lead-form__loading">
      <span className="visually-hidden">Loading the form…</span>
      <Skeleton height="3rem" />
      <Skeleton height="3rem" style={{ marginTop: '1rem' }} />
      <Skeleton height="3rem" style={{ marginTop: '1rem' }} />
    </div>
  );
}
