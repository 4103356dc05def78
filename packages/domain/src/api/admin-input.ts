import { z } from 'zod';

/** POST /admin/api/session: an operator's email and password (docs/rules/operators.md). */
export const signInSchema = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1024),
});
export type SignIn = z.infer<typeof signInSchema>;

/** POST /admin/api/operators/:email/unlock: the account's email. */
export const operatorEmailParams = z.object({ email: z.string().trim().min(3).max(254) });
