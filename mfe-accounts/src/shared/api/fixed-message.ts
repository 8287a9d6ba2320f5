import { ApiError, isApiError } from '@outsync/contracts';

/**
 * The same failure with the spec's own text in place of the server's message, for the calls
 * spec 02 §8 gives one text whatever went wrong ("Failed to fetch API keys.", "Something went
 * wrong"). Status and code stay, so retries and the 401 redirect behave as for any call; the
 * caller's `meta.errorToast` gives the same text as `failed` and `exception`, so the one
 * ApiError → toast mapping shows it in every case. Cancellations pass through untouched.
 */
export function withFixedMessage(error: unknown, message: string): unknown {
  if (!isApiError(error)) return error;
  return new ApiError({
    status: error.status,
    code: error.code,
    message,
    details: error.details,
  });
}
