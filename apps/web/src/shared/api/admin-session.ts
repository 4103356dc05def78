import {
  aliveAnswer,
  adminSessionAnswer,
  firstManagerAnswer,
  setupStatusAnswer,
  signInOptionsAnswer,
  type FirstManager,
} from '@fibre/domain/api';
import { call } from './admin-client.ts';

/*
 * The console's session and first-manager calls (docs/rules/operators.md). A 401 on these is an
 * answer (signed out, a wrong password), not the end of a session.
 */

const quiet = { quietUnauthorized: true } as const;

export const fetchSession = () => call('GET', '/admin/api/session', adminSessionAnswer, quiet);

export const signIn = (email: string, password: string) =>
  call('POST', '/admin/api/session', adminSessionAnswer, { ...quiet, body: { email, password } });

export const signOut = () => call('DELETE', '/admin/api/session', null, quiet);

export const fetchSetupStatus = () => call('GET', '/admin/api/setup', setupStatusAnswer, quiet);

export const createFirstManager = (body: FirstManager) =>
  call('POST', '/admin/api/setup', firstManagerAnswer, { ...quiet, body });

export const fetchSignInOptions = () =>
  call('GET', '/admin/api/sign-in/options', signInOptionsAnswer, quiet);

/** Where the browser goes to sign in through the identity service (a navigation, not a call). */
export const IDENTITY_SIGN_IN_URL = '/admin/api/sign-in/oidc';

/** The product's version, from /healthz, for the console's footer (docs/rules/operator-console.md). */
export const fetchVersion = () =>
  call('GET', '/healthz', aliveAnswer, quiet).then((alive) => alive.version);
