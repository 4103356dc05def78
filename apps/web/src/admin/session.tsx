import type { AdminSessionAnswer } from '@fibre/domain/api';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { setCsrfToken, setUnauthorizedHandler } from '../shared/api/admin-client.ts';
import {
  fetchSession,
  signIn as startSession,
  signOut as endSession,
} from '../shared/api/admin-session.ts';
import { ApiError } from '../shared/api/http.ts';
import { consoleMessage } from './messages.ts';

/*
 * Who is signed in (docs/rules/operator-console.md): asked of GET /admin/api/session on load,
 * set by signing in, cleared by signing out or by any call's 401.
 */

type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'failed'; message: string }
  | { status: 'signed-in'; session: AdminSessionAnswer };

interface SessionContextValue {
  state: SessionState;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  const ended = useCallback(() => {
    setCsrfToken(null);
    queryClient.clear();
    setState({ status: 'signed-out' });
  }, [queryClient]);

  const started = (session: AdminSessionAnswer) => {
    setCsrfToken(session.csrfToken);
    setState({ status: 'signed-in', session });
  };

  useEffect(() => {
    setUnauthorizedHandler(ended);
    let live = true;
    fetchSession().then(
      (session) => live && started(session),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 401) setState({ status: 'signed-out' });
        else setState({ status: 'failed', message: consoleMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [ended]);

  // At the session's latest end the console goes back to sign-in on its own, rather than at the
  // next call's 401 (docs/rules/operator-console.md#signing-in-and-out).
  const expiresAt = state.status === 'signed-in' ? state.session.expiresAt : null;
  useEffect(() => {
    if (!expiresAt) return;
    const delay = new Date(expiresAt).getTime() - Date.now();
    if (!(delay < 2 ** 31 - 1)) return;
    const timer = setTimeout(ended, Math.max(delay, 0));
    return () => clearTimeout(timer);
  }, [expiresAt, ended]);

  const signIn = async (email: string, password: string) => {
    started(await startSession(email, password));
  };

  const signOut = async () => {
    try {
      await endSession();
    } finally {
      ended();
    }
  };

  return (
    <SessionContext.Provider value={{ state, signIn, signOut }}>{children}</SessionContext.Provider>
  );
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in operator's session; only inside signed-in pages. */
export function useOperator(): AdminSessionAnswer['operator'] & { isManager: boolean } {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useOperator while signed out');
  return { ...state.session.operator, isManager: state.session.operator.role === 'manager' };
}
