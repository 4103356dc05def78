import { createClient, type ReportFailure } from './http.ts';
import { logError } from './log.ts';

/*
 * The wizard's and the order page's client (the one client, http.ts): every failure other than a
 * 404 and an aborted call is logged, and reported when it is an error (log.ts).
 */

export {
  noBody,
  type ApiFailure,
  type ApiResult,
  type Options,
  type RequestOptions,
} from './http.ts';

const report: ReportFailure = (failure, { method, path }, detail) => {
  if (failure.kind === 'shape')
    logError(`${method} ${path} answered ${failure.status} in an unexpected shape`, detail);
  else if (failure.kind === 'unreachable') {
    if (!failure.aborted) logError(`${method} ${path} failed`, detail);
  } else if (failure.status !== 404)
    logError(`${method} ${path} answered ${failure.status}`, failure.data);
};

export const { request, get, post, del } = createClient({ report });
