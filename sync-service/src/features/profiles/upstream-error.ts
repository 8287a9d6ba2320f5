import { AccountsErrorCodes } from '@outsync/contracts/accounts';
import { isConnectorError, SYSTEM_NAMES, type ConnectorError } from '../../connectors/http';
import { HttpError } from '../../platform/http/http-error';

/**
 * The scope each HubSpot call of this module needs, for a 403 MISSING_SCOPES: the customer
 * may decline the optional scopes on HubSpot's consent page.
 */
const HUBSPOT_SCOPE_OF: Readonly<Record<string, string>> = {
  listOwners: 'crm.objects.owners.read',
  listProperties: 'crm.objects.contacts.read',
  listContactProperties: 'crm.objects.contacts.read',
  createProperty: 'crm.schemas.contacts.write',
  createProperties: 'crm.schemas.contacts.write',
  listLists: 'crm.lists.read',
  searchLists: 'crm.lists.read',
};

/** The sentence a user reads for a failed CRM call: which system, and what went wrong. */
export function upstreamMessage(error: ConnectorError): string {
  const name = SYSTEM_NAMES[error.system];
  const said = error.vendorMessage ? `: ${error.vendorMessage}` : '';
  switch (error.code) {
    case 'timeout':
      return `${name} did not answer: the request timed out. Please try again.`;
    case 'network':
      return `${name} did not answer: it could not be reached. Please try again.`;
    case 'unavailable':
      return `${name} did not answer: the service is unavailable right now${said}. Please try again.`;
    case 'rate_limited':
      return `${name} did not answer: too many requests right now. Please try again in a moment.`;
    case 'unauthorized':
      return `${name} no longer accepts this connection. Connect the account again.`;
    case 'missing_scopes': {
      if (error.system === 'salesforce' && error.operation === 'exchangeCode') {
        return 'Salesforce gave OutSync no refresh token: allow the "Perform requests at any time (refresh_token, offline_access)" scope in the connected app, then connect again.';
      }
      const scope = HUBSPOT_SCOPE_OF[error.operation];
      return scope
        ? `${name} did not grant the permission "${scope}" to OutSync. Connect the account again and allow it.`
        : `${name} did not grant OutSync a permission this needs${said}. Connect the account again and allow every requested permission.`;
    }
    case 'forbidden':
      return `${name} refused the request: the connected user lacks a permission${said}.`;
    case 'not_found':
      return `${name} did not find what was asked for${said}.`;
    case 'invalid_request':
      return `${name} refused the request${said}.`;
    default:
      return `${name} answered unexpectedly${said}.`;
  }
}

/** A CRM failure as the API answers it: 502 `upstream_failed` naming the system. */
export function toUpstreamError(error: unknown): unknown {
  if (!isConnectorError(error)) return error;
  return new HttpError(502, AccountsErrorCodes.upstreamFailed, upstreamMessage(error));
}

/** Runs a CRM call, turning a connector failure into the API's 502. */
export async function upstream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toUpstreamError(error);
  }
}
