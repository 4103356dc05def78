import { createHash } from 'node:crypto';
import { normaliseMobile } from '@fibre/domain/address';
import { Refusal } from '../http/errors.ts';
import type { Person, PersonOrderRow } from './repository/finding.ts';

/*
 * A person's data, on request (docs/rules/personal-data-requests.md): found, exported (APP 12),
 * corrected (APP 13) and erased where it may be, each by a manager and each audited with the
 * manager's email. The audit names the person by a SHA-256 of the email or mobile asked about,
 * never the email or mobile itself, so an erasure leaves no copy of it in the audit. What every
 * request shares is here; each request is its own file (finding.ts, correction.ts, erasure.ts).
 */

/** Who acts, and when. */
export interface Actor {
  email: string;
  at: Date;
}

/** The person as asked: the email as typed (matched ignoring case), the mobile normalised. */
export function personOf(input: {
  email?: string | undefined;
  mobile?: string | undefined;
}): Person {
  return input.email !== undefined
    ? { email: input.email }
    : { mobile: normaliseMobile(input.mobile ?? '') };
}

/** The audit's subject id for the person: `sha256:` and the hash of `email:x` or `mobile:+61…`. */
export function personKey(person: Person): string {
  const named =
    person.email !== undefined ? `email:${person.email.toLowerCase()}` : `mobile:${person.mobile}`;
  return `sha256:${createHash('sha256').update(named).digest('hex')}`;
}

export const describe = (person: Person) =>
  person.email !== undefined ? 'this email' : 'this mobile number';

export const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export const contactOf = (row: PersonOrderRow) => {
  const contact = row.contact as { firstName?: string; lastName?: string; phone?: string };
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    email: row.email,
    mobile: contact.phone ?? null,
  };
};

export const nothingHeld = (person: Person) =>
  new Refusal(
    'not_found',
    'nothing_held',
    `No order, lead or saved sign-up is held for ${describe(person)}.`,
  );

/** An outside service's failure, for the answer: its message. */
export const failureText = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
