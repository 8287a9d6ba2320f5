/** The external systems a connector talks to; named in every error. */
export type ConnectorSystem =
  'hubspot' | 'salesforce' | 'smartlead' | 'instantly' | 'bison' | 'heyreach';

export const SYSTEM_NAMES: Readonly<Record<ConnectorSystem, string>> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  smartlead: 'Smartlead',
  instantly: 'Instantly',
  bison: 'EmailBison',
  heyreach: 'HeyReach',
};

export const CONNECTOR_ERROR_CODES = [
  'unauthorized',
  'forbidden',
  'missing_scopes',
  'not_found',
  'rate_limited',
  'invalid_request',
  'unavailable',
  'timeout',
  'network',
  'unexpected',
] as const;
export type ConnectorErrorCode = (typeof CONNECTOR_ERROR_CODES)[number];

/** Codes worth trying again later, unchanged: the request itself was not at fault. */
const RETRYABLE: ReadonlySet<ConnectorErrorCode> = new Set([
  'rate_limited',
  'unavailable',
  'timeout',
  'network',
]);

export type ConnectorErrorInit = {
  system: ConnectorSystem;
  /** The connector call that failed, e.g. `listOwners`. */
  operation: string;
  code: ConnectorErrorCode;
  /** Already redacted. */
  message: string;
  status?: number;
  retryAfterSeconds?: number;
  /** The vendor's own message, redacted. */
  vendorMessage?: string;
  /** The vendor's machine code: HubSpot `category`, Salesforce `errorCode`, OAuth `error`. */
  vendorCode?: string;
};

/**
 * Any failure of a call to an external system. Its message and fields never hold a secret
 * (API keys, tokens, client secrets are replaced by `[redacted]`), and it carries no `cause`,
 * so logging it whole is safe.
 */
export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  readonly system: ConnectorSystem;
  readonly operation: string;
  readonly code: ConnectorErrorCode;
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly vendorMessage?: string;
  readonly vendorCode?: string;

  constructor(init: ConnectorErrorInit) {
    super(init.message);
    this.system = init.system;
    this.operation = init.operation;
    this.code = init.code;
    this.status = init.status;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.vendorMessage = init.vendorMessage;
    this.vendorCode = init.vendorCode;
  }

  /** True when the same request may succeed later (rate limit, outage, timeout, network). */
  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}

export function isConnectorError(value: unknown): value is ConnectorError {
  return value instanceof ConnectorError;
}
