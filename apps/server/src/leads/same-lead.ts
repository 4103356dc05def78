import { createHash } from 'node:crypto';
import type { NewLead } from './repository.ts';

/**
 * How long a lead sent again counts as the same lead (docs/decisions/010-limits.md): a day.
 */
export const SAME_LEAD_WITHIN_MS = 24 * 60 * 60 * 1000;

/** Case and runs of white space do not make a lead another one. */
const loose = (value: string | null) =>
  (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A lead's identity: every field the visitor gave (names, email, mobile, address, message), each
 * as stored (the mobile already +61, the names capitalised), compared without case or extra white
 * space. Anything else that differs is a new lead, since a person may ask again about another
 * address or with something new to say.
 */
export function leadFingerprint(lead: Omit<NewLead, 'id' | 'created_at'>): string {
  const fields = [
    lead.first_name,
    lead.last_name,
    lead.email,
    lead.phone,
    lead.formatted_address,
    lead.message,
  ].map(loose);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
