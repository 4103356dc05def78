import type { PersonalDataEraseAnswer } from '@fibre/domain/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  findPersonalData,
  personalDataExportUrl,
  type PersonAsked,
} from '../../shared/api/admin-personal-data.ts';
import { ErrorAlert, Loading } from '../ui.tsx';
import { CorrectForm } from './personal-data/correct-form.tsx';
import { EraseDialog } from './personal-data/erase-dialog.tsx';
import { FindForm } from './personal-data/find-form.tsx';
import { Results } from './personal-data/results.tsx';
import { ToldList } from './personal-data/told-list.tsx';
import { listed, plural } from './personal-data/words.ts';

/*
 * A person's data, on request (docs/rules/personal-data-requests.md): a manager finds what is held
 * about an email or a mobile, downloads it as one JSON file, corrects the contact details, and
 * erases what may be erased. Each call is audited by the server; a find is asked once per search.
 * The page's parts are in personal-data/.
 */

function ErasedNote({ erased }: { erased: PersonalDataEraseAnswer }) {
  return (
    <div role="status">
      <p>
        Erased {listed(erased.orders.length, erased.leads.length, erased.savedSignups)}
        {erased.kept.length > 0 ? `; kept ${plural(erased.kept.length, 'order')}` : ''}.
      </p>
      <ToldList told={erased.told} />
    </div>
  );
}

/** Personal data: find, export, correct and erase (managers only: pages.tsx). */
export function PersonalDataPage() {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<PersonAsked | null>(null);
  const [erased, setErased] = useState<PersonalDataEraseAnswer | null>(null);
  const found = useQuery({
    queryKey: ['personal-data', asked],
    queryFn: () => findPersonalData(asked!),
    enabled: asked !== null,
    // Every find is audited: asked once per search, not again on focus.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const find = (next: PersonAsked) => {
    setErased(null);
    if (asked && JSON.stringify(asked) === JSON.stringify(next)) void found.refetch();
    else setAsked(next);
  };
  const again = (person: PersonAsked) => {
    if (JSON.stringify(person) === JSON.stringify(asked)) {
      void queryClient.invalidateQueries({ queryKey: ['personal-data', asked] });
    } else setAsked(person);
  };
  return (
    <>
      <h1 className="console-title">Personal data</h1>
      <p className="console-muted">
        Everything held about one person, found by their email or mobile: to give them a copy, to
        correct their contact details, or to erase what may be erased. Each of these is recorded in
        the audit under your name.
      </p>
      <FindForm busy={found.isFetching} onFind={find} />
      <ErrorAlert error={found.error} />
      {erased && <ErasedNote erased={erased} />}
      {asked === null ? null : found.isPending ? (
        <Loading>Looking…</Loading>
      ) : found.data ? (
        <>
          <div className="console-actions">
            <a className="button button--secondary" href={personalDataExportUrl(asked)} download>
              Download the export (JSON)
            </a>
            <EraseDialog
              key={JSON.stringify(asked)}
              person={asked}
              found={found.data}
              onErased={(answer) => {
                setErased(answer);
                again(asked);
              }}
            />
          </div>
          <Results found={found.data} />
          <CorrectForm
            key={JSON.stringify(asked)}
            person={asked}
            onCorrected={(_answer, to) => {
              // The person is found again by their corrected email or mobile.
              if ('email' in asked && to.email) again({ email: to.email });
              else if ('mobile' in asked && to.mobile) again({ mobile: to.mobile });
              else again(asked);
            }}
          />
        </>
      ) : null}
    </>
  );
}
