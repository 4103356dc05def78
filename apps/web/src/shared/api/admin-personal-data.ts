import {
  personalDataAnswer,
  personalDataCorrectAnswer,
  personalDataEraseAnswer,
} from '@fibre/domain/api';
import { call } from './admin-client.ts';

/**
 * The console's calls about one person's data (docs/rules/personal-data-requests.md); the export
 * is a plain link (personalDataExportUrl).
 */

/** Whom a request is about: an email, or a mobile. */
export type PersonAsked = { email: string } | { mobile: string };

const query = (person: PersonAsked) =>
  new URLSearchParams('email' in person ? { email: person.email } : { mobile: person.mobile });

export const findPersonalData = (person: PersonAsked) =>
  call('GET', `/admin/api/personal-data?${query(person)}`, personalDataAnswer);

/** The export's address: a link the browser downloads as one JSON file. */
export const personalDataExportUrl = (person: PersonAsked) =>
  `/admin/api/personal-data/export?${query(person)}`;

export interface Corrections {
  firstName?: string;
  lastName?: string;
  email?: string;
  mobile?: string;
}

export const correctPersonalData = (person: PersonAsked, to: Corrections) =>
  call('POST', '/admin/api/personal-data/correct', personalDataCorrectAnswer, {
    body: { ...person, to },
  });

export const erasePersonalData = (person: PersonAsked, partial: boolean) =>
  call('POST', '/admin/api/personal-data/erase', personalDataEraseAnswer, {
    body: { ...person, partial },
  });
