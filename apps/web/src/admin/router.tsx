import {
  createContext,
  useContext,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/*
 * A tiny History API router for the console's real paths under /admin
 * (docs/rules/operator-console.md): links push a path, back and forward pop it, and a reload of a
 * deep link renders the same page because the server answers every /admin/... page path with the
 * console's page.
 */

interface Location {
  path: string;
  search: string;
}

const read = (): Location => ({ path: window.location.pathname, search: window.location.search });

const RouterContext = createContext<{ location: Location; navigate: (to: string) => void }>({
  location: { path: '/admin', search: '' },
  navigate: () => {},
});

export function Router({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const onPop = () => setLocation(read());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = (to: string) => {
    if (to === window.location.pathname + window.location.search) return;
    window.history.pushState(null, '', to);
    setLocation(read());
  };
  return <RouterContext.Provider value={{ location, navigate }}>{children}</RouterContext.Provider>;
}

export const useLocation = () => useContext(RouterContext).location;
export const useNavigate = () => useContext(RouterContext).navigate;

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; children: ReactNode };

/** A link that changes the page without a reload; a modified click opens a tab as usual. */
export function Link({ to, children, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
