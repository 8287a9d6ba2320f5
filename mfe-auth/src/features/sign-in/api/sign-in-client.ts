import { createApiClient } from '@outsync/contracts';

/**
 * A plain same-origin client, not the host's configured one: on the sign-in screens a 401 from
 * `me` is the expected answer for a visitor and must not send anyone to /unauthorized.
 */
export const signInClient = createApiClient();
