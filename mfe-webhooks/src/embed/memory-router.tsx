// What the embed build uses in place of react-router (mfe-webhooks/rspack.config.ts aliases
// 'react-router' to this file in the embed's build only; the federated app and the tests use the
// real one). The embed shows one page and never touches the partner's URL: its router is a
// location in memory, which the webhooks page reads for `?live=` and changes when a dialog
// closes. react-router's MemoryRouter, with the route matching and data-router code every hook
// brings, was ~10.7 KB gzip of the embed's first load for that (issue 32).
//
// These are the only names the embed's code imports from 'react-router' (the embed build fails on
// any other, `exportsPresence: 'error'`), each behaving as react-router's does without <Routes>:
// a relative path resolves from '/', an object without a pathname keeps the current one, and a
// navigation renders in a transition.
import type { Location, NavigateFunction, NavigateOptions, Path, To } from 'react-router';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

type Entry = Location;
interface History {
  entries: Entry[];
  index: number;
}
interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  // react-router's own words: these hooks need a router around them.
  if (!router)
    throw new Error(`${hook}() may be used only in the context of a <Router> component.`);
  return router;
}

/** A path string's parts, as react-router's `parsePath`. */
function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

const withPrefix = (value: string | undefined, prefix: string) =>
  !value || value === prefix ? '' : value.startsWith(prefix) ? value : prefix + value;

/**
 * Where `to` leads from `current`, as react-router's `resolveTo` without routes: a path resolves
 * from '/' (there is no route to be relative to), no path keeps the current one.
 */
export function resolveTo(to: To, current: Location): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const isEmptyPath = to === '' || parts.pathname === '';
  const toPathname = isEmptyPath ? '/' : parts.pathname;
  let pathname = current.pathname;
  if (toPathname !== undefined) {
    const path = toPathname.replace(/[\\/]{2,}/g, '/');
    const relative = /^[\\/]/.test(path) ? path.substring(1) : path;
    const segments = [''];
    for (const segment of relative.split('/')) {
      if (segment === '..') {
        if (segments.length > 1) segments.pop();
      } else if (segment !== '.') segments.push(segment);
    }
    pathname = segments.length > 1 ? segments.join('/') : '/';
    const keepsSlash = (isEmptyPath || toPathname === '.') && current.pathname.endsWith('/');
    if (keepsSlash && !pathname.endsWith('/')) pathname += '/';
  }
  return { pathname, search: withPrefix(parts.search, '?'), hash: withPrefix(parts.hash, '#') };
}

const createKey = () => Math.random().toString(36).substring(2, 10);

function entryOf(to: To, from: Location, state: unknown, key = createKey()): Entry {
  return { ...resolveTo(to, from), state: state ?? null, key };
}

const root: Location = { pathname: '/', search: '', hash: '', state: null, key: 'default' };

/** react-router's `MemoryRouter` for a tree without routes: a history kept in memory. */
export function MemoryRouter({
  children,
  initialEntries = ['/'],
  initialIndex,
}: {
  children?: ReactNode;
  initialEntries?: (string | (Partial<Location> & { pathname?: string }))[];
  initialIndex?: number;
}) {
  const [history, setHistory] = useState<History>(() => {
    const entries = initialEntries.map((entry, index) =>
      entryOf(
        typeof entry === 'string' ? entry : { ...entry },
        root,
        typeof entry === 'string' ? null : entry.state,
        index === 0 ? 'default' : undefined,
      ),
    );
    const last = entries.length - 1;
    return { entries, index: Math.min(Math.max(initialIndex ?? last, 0), last) };
  });
  const location = history.entries[history.index] ?? root;

  const navigate = useCallback<NavigateFunction>((to: To | number, options?: NavigateOptions) => {
    // As react-router's: the new location renders in a transition.
    startTransition(() =>
      setHistory(({ entries, index }) => {
        if (typeof to === 'number') {
          return { entries, index: Math.min(Math.max(index + to, 0), entries.length - 1) };
        }
        const current = entries[index] ?? root;
        const next = entryOf(to, current, options?.state);
        if (options?.replace) {
          return { entries: entries.map((entry, at) => (at === index ? next : entry)), index };
        }
        return { entries: [...entries.slice(0, index + 1), next], index: index + 1 };
      }),
    );
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

export function useNavigate(): NavigateFunction {
  return useRouter('useNavigate').navigate;
}

/**
 * react-router's `Link` without routes: an `<a href>` whose plain click (main button, no modifier
 * key, no other target) navigates in memory; a repeat of the current location replaces it.
 */
export function Link({
  to,
  replace,
  state,
  onClick,
  target,
  ref,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}) {
  const { location, navigate } = useRouter('useHref');
  const path = resolveTo(to, location);
  const href = path.pathname + path.search + path.hash;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    const same = href === location.pathname + location.search + location.hash;
    void navigate(to, { replace: replace ?? same, state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

/**
 * The names app-runtime's `createModuleApp` (a module's own app, not the embed) imports: the
 * embed's bundle links that file but never calls it, so these only let the build link (and are
 * tree-shaken). Rendered by mistake, they say so.
 */
function notInTheEmbed(name: string) {
  return function Unavailable(): never {
    throw new Error(
      `react-router's ${name} is not part of the embed's router (memory-router.tsx).`,
    );
  };
}
export const BrowserRouter = notInTheEmbed('BrowserRouter');
export const Navigate = notInTheEmbed('Navigate');
export const NavLink = notInTheEmbed('NavLink');
export const Route = notInTheEmbed('Route');
export const Routes = notInTheEmbed('Routes');
