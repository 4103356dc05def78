import type { z } from 'zod';
import { invalidInput } from './errors.ts';

/** Parses input with a schema or throws the 400 answer naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}
