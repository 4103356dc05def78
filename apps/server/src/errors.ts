import type { ZodError } from 'zod';

/**
 * An expected failure with its HTTP answer. Routes and repositories throw these; one handler in
 * app.ts turns them into `{error, message, fields?}` (PRODUCT.md section 3).
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
  const first = Object.values(fields)[0] ?? 'Invalid input';
  return new HttpError(400, 'invalid_input', first, fields);
}
