import { STATUS_CODES } from 'node:http';
import { ErrorCodes, type ErrorEnvelope } from '@outsync/contracts';

/** An error the client may see: its status, code, message and details go out as the envelope. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** Response headers that belong to this error, e.g. `Retry-After`. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: unknown,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

export function notFound(message = 'Not found'): HttpError {
  return new HttpError(404, ErrorCodes.notFound, message);
}

const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: ErrorCodes.badRequest,
  404: ErrorCodes.notFound,
  405: ErrorCodes.methodNotAllowed,
  413: ErrorCodes.payloadTooLarge,
  415: ErrorCodes.unsupportedMediaType,
  501: 'not_implemented',
};

/** An error for a bare status some middleware set without a body (405 from the router…). */
export function statusError(status: number): HttpError {
  return new HttpError(
    status,
    CODE_BY_STATUS[status] ?? 'http_error',
    STATUS_CODES[status] ?? 'Error',
  );
}

const INTERNAL: ErrorEnvelope = {
  code: ErrorCodes.internalError,
  message: 'Internal server error',
};

export type ErrorResponse = {
  status: number;
  envelope: ErrorEnvelope;
  headers: Record<string, string>;
  /** Unexpected: log it with its stack. */
  unexpected: boolean;
};

/**
 * Maps anything thrown to the response. HttpErrors are ours and deliberate. 4xx errors from
 * Koa's own middleware (http-errors, body parsing) keep their status, and their message when
 * it is meant to be shown. Anything else is an internal error whose details stay in the log.
 */
/** The database cannot be reached now (down, failing over): the request may pass in a moment. */
const DATABASE_UNAVAILABLE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
]);

/**
 * zlib's and brotli's codes for a body that does not decompress (they carry no status). Read
 * without `instanceof`: Node's own errors may come from another realm.
 */
function isUndecompressable(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null;
  // Brotli's codes are its decoder's error names: ERR__ERROR_FORMAT_…, ERR_BROTLI_….
  return typeof code === 'string' && /^(Z_|ERR_BROTLI|ERR__ERROR_)/.test(code);
}

function isDatabaseUnavailable(error: unknown): boolean {
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : null;
  return typeof name === 'string' && DATABASE_UNAVAILABLE.has(name);
}

export function toErrorResponse(error: unknown): ErrorResponse {
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      envelope: {
        code: ErrorCodes.notReady,
        message: 'The service cannot reach its database right now; try again in a few seconds.',
      },
      headers: { 'Retry-After': '5' },
      unexpected: false,
    };
  }
  if (isUndecompressable(error)) {
    return {
      status: 400,
      envelope: {
        code: ErrorCodes.badRequest,
        message: 'The request body does not decompress as its Content-Encoding says.',
      },
      headers: {},
      unexpected: false,
    };
  }
  if (error instanceof HttpError) {
    const envelope: ErrorEnvelope = { message: error.message, code: error.code };
    if (error.details !== undefined) envelope.details = error.details;
    return { status: error.status, envelope, headers: { ...error.headers }, unexpected: false };
  }
  if (isClientError(error)) {
    return {
      status: error.status,
      envelope: {
        message: clientMessage(error),
        code: CODE_BY_STATUS[error.status] ?? 'http_error',
      },
      headers: stringHeaders(error.headers),
      unexpected: false,
    };
  }
  return { status: 500, envelope: INTERNAL, headers: {}, unexpected: true };
}

type ClientError = Error & { status: number; expose?: boolean; headers?: unknown };

function isClientError(error: unknown): error is ClientError {
  if (!(error instanceof Error)) return false;
  const { status } = error as Partial<ClientError>;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function clientMessage(error: ClientError): string {
  // co-body rethrows JSON.parse's SyntaxError with status 400 and no `expose`.
  if (error instanceof SyntaxError) return 'Malformed JSON body';
  return error.expose ? error.message : (STATUS_CODES[error.status] ?? 'Bad request');
}

function stringHeaders(headers: unknown): Record<string, string> {
  if (!headers || typeof headers !== 'object') return {};
  return Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
