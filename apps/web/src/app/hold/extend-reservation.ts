import { reservationAnswer } from '@fibre/domain';
import { post } from '../api/client.ts';
import { holdSessionHeader } from './hold-session.ts';

/**
 * Renews the held window once for another hold period (docs/rules/installation-and-holds.md,
 * Extending a hold); a second try, or a hold no longer held, answers 409. Only the hold's session
 * may. Here rather than in api/endpoints.ts, so it loads with the steps that show a hold, not
 * with the address step.
 */
export const extendReservation = (provider: string, reservationId: string) =>
  post(
    `/api/v1/${encodeURIComponent(provider)}/reservations/${encodeURIComponent(reservationId)}/extend`,
    {},
    reservationAnswer,
    { headers: holdSessionHeader() },
  );
