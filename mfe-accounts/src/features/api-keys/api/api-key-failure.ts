import { useCallback } from 'react';
import { useApiErrorToast } from '@outsync/app-runtime';

/** How a failed key check is told (spec 02 §8, §9): sticky, summarised "ApiKey". */
export const apiKeyFailureTexts = {
  summary: 'ApiKey',
  unknown: 'An unknown error occurred',
} as const;

/**
 * Shows a failed API key check: the service's message; for an error that got no answer (or was
 * thrown on the way), its own message; else 'An unknown error occurred'. Through the one
 * ApiError → toast mapping, with the spec's summary and no time limit.
 */
export function useApiKeyFailureToast(): (error: unknown) => void {
  const showApiError = useApiErrorToast();
  return useCallback(
    (error: unknown) => {
      const ownMessage = error instanceof Error && error.message ? error.message : null;
      showApiError(error, {
        summary: apiKeyFailureTexts.summary,
        life: 0,
        failed: apiKeyFailureTexts.unknown,
        // No answer came, or something threw on the way: the error's own message.
        exception: ownMessage ?? apiKeyFailureTexts.unknown,
      });
    },
    [showApiError],
  );
}
