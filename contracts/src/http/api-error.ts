import { ErrorEnvelopeSchema } from './error-envelope';

/** Codes the client produces itself, when no envelope came back. */
export const ClientErrorCodes = {
  /** A non-2xx response whose body was not an error envelope (e.g. a proxy's HTML page). */
  httpError: 'http_error',
  /** A 2xx response whose body did not match the route's response schema. */
  invalidResponse: 'invalid_response',
  networkError: 'network_error',
  timeout: 'timeout',
} as const;

/** Every failed API call rejects with this: one thing for the UI to map to a message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no response arrived (network error, timeout). */
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(init: { status: number; code: string; message: string; details?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }

  /** Reads an error response body: the envelope when it is one, a generic error otherwise. */
  static fromResponse(status: number, body: unknown): ApiError {
    const envelope = ErrorEnvelopeSchema.safeParse(body);
    if (envelope.success) {
      return new ApiError({ status, ...envelope.data });
    }
    return new ApiError({
      status,
      code: ClientErrorCodes.httpError,
      message: `Request failed with status ${status}`,
      details: body === undefined || body === '' ? undefined : { body },
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
