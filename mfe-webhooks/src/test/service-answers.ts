// The error envelopes and messages the fake service answers with: the sync-service's own text
// (platform/http, modules/profiles, modules/api-keys, modules/webhooks), so a component test
// shows what the real service would. A test reads them from here, not from the page's code.
//
// API: serviceErrors.{unauthorized, csrfInvalid, profileNotFound, apiKeyNotFound,
// webhookNotFound, notConnected(crm), featureNotApproved, codeUnavailable, embedTokenExpired,
// embedRouteNotAllowed},
// validationError(message), taskTypeFound(type), taskTypeNotFound(type), CUSTOM_FIELDS_CREATED.
import { crmDisplayNames, type CrmKind, type ErrorEnvelope } from '@outsync/contracts';

export const serviceErrors = {
  /** service: 401 from any call without a session. */
  unauthorized: { message: 'Please sign in.', code: 'unauthorized' },
  /** service: 403 from any POST/PUT/DELETE whose X-CSRF-Token does not match the cookie. */
  csrfInvalid: {
    message: 'Your session has expired. Refresh the page and try again.',
    code: 'csrf_invalid',
  },
  /** service: 404 from a call on a profile that does not exist or is not the caller's. */
  profileNotFound: { message: 'No such profile, or it is not yours.', code: 'not_found' },
  /** service: 404 from a call on an API key that does not exist or is not the caller's. */
  apiKeyNotFound: { message: 'No such API key, or it is not yours.', code: 'not_found' },
  /** service: 404 from an update or delete of a webhook the caller cannot see. */
  webhookNotFound: {
    message: 'No such webhook, or it is not visible to you.',
    code: 'not_found',
  },
  /** service: 403 from creating a webhook on a profile without the Webhooks flag. */
  featureNotApproved: {
    message: 'Webhooks are not enabled for this profile. Ask an admin to turn on Webhooks for it.',
    code: 'feature_not_approved',
  },
  /** service: 409 from creating with a code not generated for the caller. */
  codeUnavailable: {
    message: 'This webhook URL was not generated for you. Generate a new one.',
    code: 'code_unavailable',
  },
  /** service: 401 from any call of an embedded module whose token is past its lifetime. */
  embedTokenExpired: {
    message: 'The embed token has expired. Ask your server for a new one.',
    code: 'embed_token_expired',
  },
  /** service: 403 from an embed token sent to a route outside the webhook module. */
  embedRouteNotAllowed: {
    message: 'An embed token can only be used by the webhooks module.',
    code: 'embed_route_not_allowed',
  },
  /** service: 409 from creating with a code a webhook already has. */
  codeTaken: {
    message: 'This webhook URL is already in use. Generate a new one.',
    code: 'code_unavailable',
  },
} as const satisfies Record<string, ErrorEnvelope>;

/** service: 409 from the CRM data calls on a profile whose OAuth connection is not complete. */
export function notConnected(crm: CrmKind): ErrorEnvelope {
  return { message: `Connect this ${crmDisplayNames[crm]} profile first.`, code: 'not_connected' };
}

/** 400 `validation_error` with a rule's message (create/update answer `firstBlockingProblem`). */
export function validationError(message: string): ErrorEnvelope {
  return { message, code: 'validation_error' };
}

/** service: POST /salesforce/task-types/validate when the org has the type. */
export function taskTypeFound(taskType: string): string {
  return `Task Type "${taskType}" found in Salesforce.`;
}

/** service: the same when it has not (the form shows it as a sticky warning). */
export function taskTypeNotFound(taskType: string): string {
  return `Task Type "${taskType}" not found in Salesforce. Please add it manually.`;
}

/** service: POST /salesforce/properties (Create Fields) when the fields were made. */
export const CUSTOM_FIELDS_CREATED = 'Custom fields created';
