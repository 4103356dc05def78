import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../shared/ui/button.tsx';
import { ApiError } from '../shared/api/http.ts';
import { consolePages, pageAt, sees } from './pages.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { fetchVersion } from '../shared/api/admin-session.ts';
import { Link, Router, useLocation } from './router.tsx';
import { SessionProvider, useOperator, useSession } from './session.tsx';
import { ErrorAlert, Loading } from './ui.tsx';

/** A client error (4xx) is an answer, not a blip: it is not asked again. */
export function newConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The page at the path, from the table of pages (pages.tsx), or "Page not found". */
function Page({ found }: { found: ReturnType<typeof pageAt> }) {
  if (found) return <found.page.component params={found.params} />;
  return (
    <>
      <h1 className="console-title">Page not found</h1>
      <p>
        There is no console page here. <Link to="/admin">Go to the orders</Link>.
      </p>
    </>
  );
}

function SignedIn() {
  const { path } = useLocation();
  const operator = useOperator();
  const { signOut } = useSession();
  const [leaving, setLeaving] = useState(false);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const found = pageAt(path, operator.role);
  const links = consolePages.filter((page) => page.label && sees(operator.role, page));
  // After a page change the focus moves to the new page, so a keyboard starts at its top.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [path]);
  return (
    <div className="console">
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <header className="console-header">
        <div className="console-header__inner">
          <span className="console-brand">Operator console</span>
          <span className="console-who">
            {operator.email} ({operator.role})
          </span>
          <Button
            variant="secondary"
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut().finally(() => setLeaving(false));
            }}
          >
            Sign out
          </Button>
        </div>
        <nav aria-label="Console" className="console-nav">
          <ul>
            {links.map((link) => (
              <li key={link.path}>
                <Link
                  to={link.path}
                  aria-current={found?.current === link.path ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="console-main" ref={main} tabIndex={-1} className="console-main">
        <Page found={found} />
      </main>
    </div>
  );
}

function Screens(): ReactNode {
  const { state } = useSession();
  if (state.status === 'loading')
    return (
      <main className="console-main">
        <Loading>Loading the console…</Loading>
      </main>
    );
  if (state.status === 'failed')
    return (
      <main className="console-main">
        <h1 className="console-title">Operator console</h1>
        <ErrorAlert error={new Error(state.message)} />
      </main>
    );
  if (state.status === 'signed-out') return <SignInPage />;
  return <SignedIn />;
}

/** Every screen's foot: the product's version, so staff can say what they run. */
function Footer() {
  const version = useQuery({ queryKey: ['version'], queryFn: fetchVersion, staleTime: Infinity });
  return (
    <footer className="console-footer">
      Fibre sign-up{version.data ? ` ${version.data}` : ''}
    </footer>
  );
}

/** The operator console (docs/rules/operator-console.md). */
export function ConsoleApp({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? newConsoleQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Router>
        <SessionProvider>
          <Screens />
          <Footer />
        </SessionProvider>
      </Router>
    </QueryClientProvider>
  );
}
