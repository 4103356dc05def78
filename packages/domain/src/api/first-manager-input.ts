import { z } from 'zod';
import { OPERATOR_PASSWORD_MIN } from './first-manager.ts';

/** POST /admin/api/setup: the first manager's email and password, and the setup code. */
export const firstManagerSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address'),
  password: z
    .string()
    .min(OPERATOR_PASSWORD_MIN, `At least ${OPERATOR_PASSWORD_MIN} characters`)
    .max(1024),
  code: z.string().trim().min(1).max(64),
});
export type FirstManager = z.infer<typeof firstManagerSchema>;
