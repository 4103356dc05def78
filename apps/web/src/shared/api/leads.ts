import { leadCreatedAnswer } from '@fibre/domain/api';
import { post, type Options } from './client.ts';

/** The lead forms' call (docs/rules/api.md): a visitor whose address is not served yet. */

export interface LeadBody {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  formatted_address: string;
  message?: string;
}

export const createLead = (body: LeadBody, o?: Options) =>
  post('/api/v1/public/leads', body, leadCreatedAnswer, o);
