import { z } from 'zod';
import { text } from '../shared/text.ts';

/*
 * The console's requests about one person's data (docs/rules/personal-data-requests.md): the person
 * is named by an email or a mobile, exactly one of them. The email is matched ignoring case; the
 * mobile in its stored form (+61412345678), however it is typed (0412 345 678 too). These check
 * the shape; the contact step's rules for each field are checked by the server with
 * personalDataRules (contact/validation.ts).
 */

const person = {
  email: text(254).optional(),
  mobile: text(40).optional(),
};

const oneOf = (value: { email?: string | undefined; mobile?: string | undefined }) =>
  (value.email === undefined) !== (value.mobile === undefined);
const oneOfMessage = { error: 'Give either an email or a mobile (one of them, not both)' };

/** GET /admin/api/personal-data and /admin/api/personal-data/export: `?email=` or `?mobile=`. */
export const personalDataQuery = z.object(person).refine(oneOf, oneOfMessage);
export type PersonalDataQuery = z.output<typeof personalDataQuery>;

/**
 * POST /admin/api/personal-data/correct: the person, and `to`, the corrected details (at least one
 * of them), each checked by the contact step's own rule.
 */
export const personalDataCorrectBody = z
  .object({
    ...person,
    to: z
      .object({
        firstName: text(100).optional(),
        lastName: text(100).optional(),
        email: text(254).optional(),
        mobile: text(40).optional(),
      })
      .refine((to) => Object.values(to).some((v) => v !== undefined), {
        error: 'Give at least one corrected detail: firstName, lastName, email or mobile',
      }),
  })
  .refine(oneOf, oneOfMessage);
export type PersonalDataCorrectBody = z.output<typeof personalDataCorrectBody>;

/**
 * POST /admin/api/personal-data/erase: the person; with `partial` true, what may be erased is erased
 * and the rest kept (named in the answer); without it, anything that must be kept refuses the whole
 * request and nothing is erased.
 */
export const personalDataEraseBody = z
  .object({ ...person, partial: z.boolean().optional() })
  .refine(oneOf, oneOfMessage);
export type PersonalDataEraseBody = z.output<typeof personalDataEraseBody>;
