import * as z from 'zod/mini';

/*
 * The operator console's answers (docs/rules/operators.md), zod/mini like every answer. They live
 * in their own file: the wizard never imports them.
 */

export const operatorRole = z.enum(['manager', 'viewer']);
export type OperatorRole = z.infer<typeof operatorRole>;

/** An operator as the console shows who is signed in. */
export const operatorAnswer = z.object({ email: z.string(), role: operatorRole });

/**
 * POST and GET /admin/api/session: who is signed in, the token every change must send in
 * X-CSRF-Token, and when the session ends at the latest (ISO 8601).
 */
export const adminSessionAnswer = z.object({
  operator: operatorAnswer,
  csrfToken: z.string(),
  expiresAt: z.string(),
});
export type AdminSessionAnswer = z.infer<typeof adminSessionAnswer>;

/** GET /admin/api/operators: every account, by email. */
export const operatorsAnswer = z.object({
  operators: z.array(z.object({ email: z.string(), role: operatorRole, createdAt: z.string() })),
});
export type OperatorsAnswer = z.infer<typeof operatorsAnswer>;
