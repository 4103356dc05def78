import { adminLead, adminLeadsAnswer } from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's lead calls (docs/rules/operator-console.md); the CSV is a plain link. */

const enc = encodeURIComponent;

export const fetchLeads = (cursor?: string) =>
  call('GET', `/admin/api/leads${cursor ? `?cursor=${enc(cursor)}` : ''}`, adminLeadsAnswer);

/** Sets or undoes a lead's 'contacted' mark; the answer is the lead. */
export const markLeadContacted = (id: string, contacted: boolean) =>
  call(contacted ? 'POST' : 'DELETE', `/admin/api/leads/${enc(id)}/contacted`, adminLead);
