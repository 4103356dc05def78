import type { ZodError } from 'zod';

/**
 * An expected failure with its HTTP answer. Routes and repositories throw these; one handler in
 * app.ts turns them into `{error, message, fields?}` (docs/rules/api.md).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);

/** The first message of each field, keyed by its dotted path. */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function invalidInput(error: ZodError): HttpError {
  const fields = fieldMessages(error);
  const [key, first] = Object.entries(fields)[0] ?? ['_', 'Invalid input'];
  // The shared text rule's messages ('must be at most 200 characters') name no field: the answer's
  // message then starts with the field's name, as the input guard's does.
  const message = first.startsWith('must ') && key !== '_' ? `${key} ${first}` : first;
  return new HttpError(400, 'invalid_input', message, fields);
}
