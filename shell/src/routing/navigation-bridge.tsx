import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Navigation for code outside React, such as the API client's 401 hook, which exists before
 * any router does. A `<NavigationBridge>` inside the router lends it the router's navigate, so
 * the move is a client-side one (no page load); a request made before that waits for it.
 */
export interface OutsideNavigator {
  navigate(to: string): void;
  /** Lends the router's navigate until the returned function is called. */
  attach(navigate: (to: string) => void): () => void;
}

export function createOutsideNavigator(): OutsideNavigator {
  let routerNavigate: ((to: string) => void) | undefined;
  let pending: string | undefined;
  return {
    navigate(to) {
      if (routerNavigate) routerNavigate(to);
      else pending = to;
    },
    attach(navigate) {
      routerNavigate = navigate;
      if (pending !== undefined) {
        const to = pending;
        pending = undefined;
        navigate(to);
      }
      return () => {
        if (routerNavigate === navigate) routerNavigate = undefined;
      };
    },
  };
}

/** Rendered once inside the router: hands `navigator` the router's navigate. */
export function NavigationBridge({ navigator }: { navigator: OutsideNavigator }) {
  const navigate = useNavigate();
  useEffect(() => navigator.attach((to) => void navigate(to)), [navigator, navigate]);
  return null;
}
