import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { defaultApiErrorTexts } from '@outsync/app-runtime';
import { useToast } from '@outsync/ui';

/** What the service's OAuth callback appends when it sends the browser back to the screen. */
export const oauthReturnParams = { connected: 'connected', error: 'error' } as const;

/**
 * The end of an OAuth round trip: the service redirects back to the screen with `?connected=1`
 * or `?error=<message>`. Tells the user, then removes the parameter in place (a reload or Back
 * does not tell it again).
 */
export function useOAuthReturn(connectedMessage: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  // StrictMode runs a mount's effects twice: each location is reported once.
  const reported = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const connected = params.get(oauthReturnParams.connected);
    const error = params.get(oauthReturnParams.error);
    if (connected === null && error === null) return;
    if (reported.current === location.key) return;
    reported.current = location.key;

    if (error !== null) {
      toast.show({ severity: 'error', detail: error.trim() || defaultApiErrorTexts.failed });
    } else if (connected === '1') {
      toast.show({ severity: 'success', detail: connectedMessage });
    }
    params.delete(oauthReturnParams.connected);
    params.delete(oauthReturnParams.error);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location, navigate, toast, connectedMessage]);
}
