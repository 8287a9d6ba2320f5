import { ClientErrorCodes, isApiError } from '@outsync/contracts';

/**
 * The toast text for a failed sign-in call (spec 01 §8): the server's own message when it sent
 * an error envelope; `failed` when it answered without one; `exception` when no answer came
 * (network, timeout) or something else threw.
 */
export function failureMessage(
  error: unknown,
  texts: { failed: string; exception: string },
): string {
  if (!isApiError(error)) return texts.exception;
  switch (error.code) {
    case ClientErrorCodes.networkError:
    case ClientErrorCodes.timeout:
      return texts.exception;
    case ClientErrorCodes.httpError:
    case ClientErrorCodes.invalidResponse:
      return texts.failed;
    default:
      return error.message || texts.failed;
  }
}

/** 403 is the service's answer to a missing or stale CSRF token (`csrf_invalid`). */
export function isCsrfRejection(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
