import * as z from 'zod/mini';
import { operatorAnswer } from './admin.ts';

/*
 * The first manager, made from the console while no manager exists, with the one-time setup code
 * the server printed at start (docs/rules/operators.md#the-first-manager). Answers here (zod/mini);
 * the request in first-manager-input.ts.
 */

/** The shortest operator password, as the operator CLI refuses shorter. */
export const OPERATOR_PASSWORD_MIN = 12;

/** GET /admin/api/setup: whether the first manager can be made here, now. */
export const setupStatusAnswer = z.object({ open: z.boolean() });
export type SetupStatusAnswer = z.infer<typeof setupStatusAnswer>;

/** POST /admin/api/setup, 201: the account made; it signs in as any operator does. */
export const firstManagerAnswer = z.object({ operator: operatorAnswer });
export type FirstManagerAnswer = z.infer<typeof firstManagerAnswer>;
