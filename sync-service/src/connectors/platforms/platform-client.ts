import {
  SYSTEM_NAMES,
  createHttpClient,
  isConnectorError,
  type ClientTuning,
  type ConnectorError,
  type ConnectorSystem,
  type HttpClient,
  type StaticAuth,
} from '../http';

/** What every platform client is built from: where the API is and the customer's key. */
export type PlatformClientOptions = ClientTuning & {
  baseUrl: string;
  apiKey: string;
};

/**
 * The key check's verdict. A refusal by the vendor is `valid: false`; anything that keeps us from
 * asking (network, outage, timeout, an answer we cannot read) is thrown as a ConnectorError, so
 * the caller can say "could not check" instead of "invalid".
 */
export type ApiKeyCheck = { valid: true } | { valid: false; message: string };

/** A platform's lead category ("lead label", "interest status"), as the category filter lists it. */
export type LeadCategory = { id: string; name: string; createdAt?: string };

export type PlatformSystem = Extract<
  ConnectorSystem,
  'smartlead' | 'instantly' | 'bison' | 'heyreach'
>;

/** The shared HTTP client with the key placed by `auth` and scrubbed from every error. */
export function platformHttpClient(
  system: PlatformSystem,
  options: PlatformClientOptions,
  auth: StaticAuth,
  baseUrl = options.baseUrl,
): HttpClient {
  const { apiKey, baseUrl: _given, ...tuning } = options;
  return createHttpClient({ ...tuning, system, baseUrl, auth, secrets: () => [apiKey] });
}

const REFUSALS: ReadonlySet<ConnectorError['code']> = new Set([
  'unauthorized',
  'forbidden',
  'missing_scopes',
]);

/** Runs `probe`; a 401/402/403 becomes `valid: false` with a sentence for the user. */
export async function checkApiKeyWith(
  system: PlatformSystem,
  probe: () => Promise<unknown>,
): Promise<ApiKeyCheck> {
  try {
    await probe();
    return { valid: true };
  } catch (error) {
    if (!isConnectorError(error) || !REFUSALS.has(error.code)) throw error;
    const name = SYSTEM_NAMES[system];
    // A 401 says all there is to say; a 402/403 (plan, scopes) is worth the vendor's reason.
    const reason =
      error.status !== 401 && error.vendorMessage ? ` ${name} said: ${error.vendorMessage}` : '';
    return { valid: false, message: `${name} rejected this API key.${reason}` };
  }
}
