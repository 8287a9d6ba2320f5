import { useCallback } from 'react';
import { isCancelledError } from '@tanstack/react-query';
import { ClientErrorCodes, isApiError } from '@outsync/contracts';
import { useToast, type ToastInput, type ToastSeverity } from '@outsync/ui';
import { CSRF_TOKEN_UNAVAILABLE } from './csrf';

/** How a failed call is told to the user (spec 01 §8); every field is optional. */
export interface ApiErrorToastOptions {
  /** Shown when the service answered without a message of its own (a proxy's page, a bad body). */
  failed?: string;
  /** Shown when no answer came (network, timeout, no CSRF token) or something else threw. */
  exception?: string;
  /** Default 'error'. */
  severity?: ToastSeverity;
  /** Default: the severity's summary ('Error' for errors). */
  summary?: string;
  /** Milliseconds; 0 = sticky. Default 3000. */
  life?: number;
  /** Failures the screen tells in place (a refused filter under its field): no toast. */
  unless?: (error: unknown) => boolean;
}

/** Texts for callers that name none (the spec's own wording for unnamed failures). */
export const defaultApiErrorTexts = {
  failed: 'Something went wrong. Please try again.',
  exception: 'An error occurred. Please try again.',
} as const;

/**
 * The message for a failed call: the server's own message when it answered with the error
 * envelope; `failed` when it answered without one; `exception` when no answer came.
 */
export function apiErrorMessage(
  error: unknown,
  texts: Pick<ApiErrorToastOptions, 'failed' | 'exception'> = {},
): string {
  const failed = texts.failed ?? defaultApiErrorTexts.failed;
  const exception = texts.exception ?? defaultApiErrorTexts.exception;
  if (!isApiError(error)) return exception;
  switch (error.code) {
    case ClientErrorCodes.networkError:
    case ClientErrorCodes.timeout:
    case CSRF_TOKEN_UNAVAILABLE:
      return exception;
    case ClientErrorCodes.httpError:
    case ClientErrorCodes.invalidResponse:
      return failed;
    default:
      return error.message || failed;
  }
}

/** The toast for a failed call, or null for a call that was cancelled (nothing to tell). */
export function apiErrorToast(
  error: unknown,
  options: ApiErrorToastOptions = {},
): ToastInput | null {
  if (isCancellation(error) || options.unless?.(error)) return null;
  return {
    severity: options.severity ?? 'error',
    summary: options.summary,
    detail: apiErrorMessage(error, options),
    life: options.life,
  };
}

/**
 * The one mapping from a failed call to the spec's toast, for code that handles an error itself.
 * Queries and mutations can ask for it declaratively instead: `meta: { errorToast: {...} }`.
 */
export function useApiErrorToast(): (error: unknown, options?: ApiErrorToastOptions) => void {
  const toast = useToast();
  return useCallback(
    (error: unknown, options?: ApiErrorToastOptions) => {
      const input = apiErrorToast(error, options);
      if (input) toast.show(input);
    },
    [toast],
  );
}

/** A screen that unmounted or a superseded fetch: the user asked for nothing to go wrong. */
function isCancellation(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof Error && error.name === 'AbortError');
}
