// The error envelopes the fake service answers with, copied from the sync-service code of this
// area (modules/api-keys, modules/user-accounts, modules/profiles, platform/safe-fetch) as it
// stood when these screens were written; the codes are the contract's (AccountsErrorCodes). That
// code was being written alongside these screens: the e2e journeys of this area should compare
// the two once they exist, as mfe-auth's do ("Fakes checked against the real service",
// docs/decisions.md).
import type { ErrorEnvelope } from '@outsync/contracts';

export const serviceErrors = {
  /** 401 from any call without a session. */
  unauthorized: { message: 'Please sign in.', code: 'unauthorized' },
  /** 403 from any POST/PUT/DELETE whose X-CSRF-Token does not match the cookie. */
  csrfInvalid: {
    message: 'Your session has expired. Refresh the page and try again.',
    code: 'csrf_invalid',
  },
  /** 404 from a call on a profile that does not exist or is not the caller's. */
  profileNotFound: { message: 'No such profile, or it is not yours.', code: 'not_found' },
  /** 404 from a call on an API key that does not exist or is not the caller's. */
  apiKeyNotFound: { message: 'No such API key, or it is not yours.', code: 'not_found' },
  /** 404 from a call on a webhook endpoint that does not exist or is not the caller's. */
  endpointNotFound: {
    message: 'No such webhook endpoint, or it is not yours.',
    code: 'not_found',
  },
  /** 400 from the API key check, create and update: the platform refused the key. */
  apiKeyInvalid: { message: 'Smartlead rejected this API key.', code: 'api_key_invalid' },
  /** 403 from the API key create when the profile lacks the feature it needs. */
  featureNotApproved: {
    message: 'Your plan does not allow more API keys on this profile.',
    code: 'feature_not_approved',
  },
  /** 400 from adding lead categories to a key that is not HeyReach's. */
  notHeyReach: {
    message: 'Lead categories are added by hand only for HeyReach keys; Smartlead has its own.',
    code: 'bad_request',
  },
  /** 502 from a call the CRM or platform answered with an error. */
  upstreamFailed: {
    message: 'HubSpot did not answer as expected: 503 Service Unavailable.',
    code: 'upstream_failed',
  },
  /** 400 from an admin removing their own admin role. */
  ownAdminRole: { message: 'You cannot remove your own admin role.', code: 'bad_request' },
} as const satisfies Record<string, ErrorEnvelope>;

/** 409 from deleting a key a webhook or block-list sync still uses. */
export function apiKeyInUse(description: string, users: string[]): ErrorEnvelope {
  const them = users.length === 1 ? 'it' : 'them';
  return {
    message: `The API key "${description}" is still used by ${users.join(', ')}. Remove ${them} first.`,
    code: 'in_use',
  };
}

/** 409 from deleting an endpoint a webhook forwards to. */
export function endpointInUse(description: string): ErrorEnvelope {
  return {
    message: `The webhook endpoint "${description}" is still used by a webhook. Remove it from it first.`,
    code: 'in_use',
  };
}

/** 409 from deleting a profile a webhook, key or endpoint still uses. */
export function profileInUse(users: string): ErrorEnvelope {
  return { message: `This profile is still used by ${users}. Delete those first.`, code: 'in_use' };
}

/** 400 from a URL that resolves to a private address (platform/safe-fetch). */
export function privateAddress(address: string): ErrorEnvelope {
  return {
    message: `The address ${address} is private; OutSync does not call private addresses.`,
    code: 'unsafe_url',
  };
}
