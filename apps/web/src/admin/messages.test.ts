import { describe, expect, it } from 'vitest';
import { ApiError, type ApiFailure } from '../shared/api/http.ts';
import { consoleMessage, signInMessage } from './messages.ts';

const failure = (over: Partial<ApiFailure>): ApiError =>
  new ApiError({
    ok: false,
    kind: 'answer',
    status: 400,
    code: undefined,
    data: null,
    message: 'The server said so',
    fields: {},
    aborted: false,
    ...over,
  });

describe("the console's words for a failure", () => {
  it("says an error answer's own message", () => {
    expect(consoleMessage(failure({ code: 'conflict' }))).toBe('The server said so');
  });

  it('says when the server could not be reached, or answered in another shape', () => {
    expect(
      consoleMessage(failure({ kind: 'unreachable', status: 0, message: 'Failed to fetch' })),
    ).toBe('The server could not be reached. Check the connection and try again.');
    expect(consoleMessage(failure({ kind: 'shape', status: 200 }))).toBe(
      'The answer was not in the expected shape.',
    );
    expect(
      signInMessage(failure({ kind: 'unreachable', status: 0, message: 'Failed to fetch' })),
    ).toBe('The server could not be reached. Check the connection and try again.');
  });

  it('says something went wrong for what is not an error', () => {
    expect(consoleMessage('nope')).toBe('Something went wrong.');
    expect(signInMessage('nope')).toBe(
      'Signing in failed in this browser. Reload the page and try again.',
    );
  });
});
