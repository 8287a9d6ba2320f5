import type { ConnectorErrorCode } from './connector-error';

/** What a vendor's error body says, in the shapes the six systems answer with. */
export type VendorError = {
  message?: string;
  code?: string;
  /** The rate-limit window the vendor says it refused in (HubSpot `policyName`). */
  policy?: string;
  retryAfterSeconds?: number;
};

const MAX_MESSAGE_LENGTH = 300;

/**
 * Reads the vendor's message and machine code from an error body:
 * - HubSpot `{status: 'error', message, category, errors: [{message}], policyName}`; its OAuth
 *   endpoints put the code in `status` (`BAD_REFRESH_TOKEN`);
 * - Salesforce `[{message, errorCode}]`, and OAuth `{error, error_description}`;
 * - Instantly `{statusCode, error, message}`, Smartlead `{error, message}`, EmailBison (Laravel)
 *   `{message, errors}`, HeyReach `{errorMessage, statusCode}`;
 * - any other text, shortened (an HTML page is only named).
 */
export function readVendorError(body: unknown): VendorError {
  if (Array.isArray(body)) return readSalesforceErrors(body);
  if (typeof body === 'string') {
    // A bare word is a code: Salesforce's identity URL answers `Bad_OAuth_Token`.
    const word = /^[A-Za-z][A-Za-z_]*$/.test(body.trim()) ? body.trim() : undefined;
    return { message: textMessage(body), code: word };
  }
  if (!isRecord(body)) return {};
  const message =
    text(body.message) ??
    text(body.errorMessage) ??
    text(body.error_description) ??
    text(body.error) ??
    text(body.title);
  const details = Array.isArray(body.errors)
    ? body.errors.flatMap((detail) => (isRecord(detail) ? (text(detail.message) ?? []) : []))
    : [];
  const hubspotStatus = text(body.status);
  const code =
    (hubspotStatus && hubspotStatus !== 'error' ? hubspotStatus : undefined) ??
    text(body.category) ??
    text(body.errorCode) ??
    (text(body.error_description) ? text(body.error) : undefined) ??
    text(body.errorType);
  const policy = text(body.policyName);
  return {
    message: joinMessages([message, ...details.filter((detail) => detail !== message)]),
    code,
    policy,
    retryAfterSeconds: hubspotPolicyWait(policy),
  };
}

/**
 * Salesforce says neither when its API budget (a rolling 24 hours) frees up nor when the
 * concurrent long-request limit (the same REQUEST_LIMIT_EXCEEDED) clears. A minute lets the
 * concurrency case pass at the first retry and, for a spent budget, costs at most one refused call
 * a minute while capacity ages back in; the scheduler's backoff lengthens repeated waits.
 */
const SALESFORCE_LIMIT_WAIT_SECONDS = 60;

function readSalesforceErrors(body: unknown[]): VendorError {
  const errors = body.filter(isRecord);
  const messages = errors.map((error) => text(error.message));
  const code = errors
    .map((error) => text(error.errorCode) ?? text(error.statusCode))
    .find((value) => value !== undefined);
  return {
    message: joinMessages(messages),
    code,
    retryAfterSeconds:
      code === 'REQUEST_LIMIT_EXCEEDED' ? SALESFORCE_LIMIT_WAIT_SECONDS : undefined,
  };
}

/** HubSpot names the window it refused in; without Retry-After, that window is the wait. */
function hubspotPolicyWait(policy: string | undefined): number | undefined {
  if (policy === 'TEN_SECONDLY_ROLLING') return 10;
  if (policy === 'SECONDLY') return 1;
  return undefined;
}

const UNAUTHORIZED_CODES = new Set([
  // OAuth: the code or refresh token is no longer good; the user has to connect again.
  'invalid_grant',
  'BAD_AUTH_CODE',
  'BAD_REFRESH_TOKEN',
  'INVALID_SESSION_ID',
  'EXPIRED_AUTHENTICATION',
  'INVALID_AUTHENTICATION',
  'Bad_OAuth_Token',
]);

/** Our code for a refused call: the vendor's code first where it is more precise than the status. */
export function errorCodeFor(status: number, vendorCode: string | undefined): ConnectorErrorCode {
  if (vendorCode === 'MISSING_SCOPES') return 'missing_scopes';
  // Salesforce answers an exhausted API budget with 403.
  if (vendorCode === 'REQUEST_LIMIT_EXCEEDED') return 'rate_limited';
  if (vendorCode !== undefined && UNAUTHORIZED_CODES.has(vendorCode)) return 'unauthorized';
  if (status === 401) return 'unauthorized';
  // 402: Instantly's "no active paid plan".
  if (status === 402 || status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'unavailable';
  if (status >= 300 && status < 500) return 'invalid_request';
  return 'unexpected';
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function textMessage(body: string): string | undefined {
  const trimmed = body.trim();
  if (trimmed === '') return undefined;
  if (/^<(!doctype|html|\?xml)/i.test(trimmed)) return '(an HTML page)';
  return shorten(trimmed);
}

function joinMessages(messages: ReadonlyArray<string | undefined>): string | undefined {
  const present = messages.filter((message): message is string => message !== undefined);
  return present.length === 0 ? undefined : shorten(present.join('; '));
}

function shorten(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_MESSAGE_LENGTH
    ? `${oneLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
    : oneLine;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
