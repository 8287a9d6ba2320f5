// The error envelopes the fake service answers with, each the sync-service's own text for that
// case (modules/api-keys, modules/user-accounts, modules/profiles, platform/http). The service's
// tests pin them, and the accounts e2e journeys see the key refusal and the private-address
// refusal from the real service.
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
  /** 400 from adding lead categories to a key that is not HeyReach's. */
  notHeyReach: {
    message: 'Lead categories are added by hand only for HeyReach keys; Smartlead has its own.',
    code: 'bad_request',
  },
  /** 502 from a key check the platform could not answer (pinned in api-keys.test.ts). */
  upstreamFailed: {
    message:
      'Could not reach HeyReach to check the key: too many requests right now. Please try again in a moment.',
    code: 'upstream_failed',
  },
  /** 502 from the Smartlead client list when Smartlead refuses the key (block-list-helpers). */
  smartleadRefusedKey: {
    message: 'Smartlead refused the API key: Invalid API key.',
    code: 'upstream_failed',
  },
  /** 404 from Pause, Resume or Delete of a sync that is not there or not the caller's. */
  blockListNotFound: { message: 'No such block list, or it is not yours.', code: 'not_found' },
  /** 400 from an admin removing their own admin role. */
  ownAdminRole: { message: 'You cannot remove your own admin role.', code: 'bad_request' },
} as const satisfies Record<string, ErrorEnvelope>;

/** HeyReach's refusal, in `error` of a 200 `success: false` answer (block-list-helpers). */
export const heyreachRefusedKey = 'HeyReach refused the API key: Unauthorized.';

/** 404 from a report the Salesforce org does not have (block-list-helpers). */
export function reportNotFound(reportId: string): ErrorEnvelope {
  return { message: `Salesforce has no report ${reportId}.`, code: 'not_found' };
}

/** 409 from a call on a profile whose CRM connection is not complete (block-list-helpers). */
export function notConnected(crmName: string): ErrorEnvelope {
  return { message: `Connect this ${crmName} profile first.`, code: 'not_connected' };
}

/** 400 from a block-list helper called with another platform's key (block-list-helpers). */
export function wrongPlatformKey(platformName: string, what: 'clients' | 'lists'): ErrorEnvelope {
  const message =
    what === 'clients'
      ? `${platformName} keys have no clients: choose a Smartlead API key.`
      : `${platformName} keys have no HeyReach lists: choose a HeyReach API key.`;
  return { message, code: 'bad_request' };
}

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
