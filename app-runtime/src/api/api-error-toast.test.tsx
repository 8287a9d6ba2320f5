// Spec 01 §8: the server's message when it sent one, the caller's `failed` text when it answered
// without one, the caller's `exception` text when no answer came; severities and summaries;
// life 3000 ms by default, 0 = sticky.
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { useEffect } from 'react';
import { CancelledError } from '@tanstack/react-query';
import { ApiError } from '@outsync/contracts';
import { UiProvider } from '@outsync/ui';
import { apiErrorMessage, useApiErrorToast, type ApiErrorToastOptions } from './api-error-toast';

const texts = { failed: 'Failed to send code. Please try again.', exception: 'Network is down.' };

const envelope = (status: number, code: string, message: string) =>
  new ApiError({ status, code, message });

describe('apiErrorMessage', () => {
  test.each([
    [
      '429 rate_limited',
      envelope(429, 'rate_limited', 'Too many attempts. Try again in 5 minutes.'),
      'Too many attempts. Try again in 5 minutes.',
    ],
    [
      '403 csrf_invalid',
      envelope(403, 'csrf_invalid', 'Your session has expired. Refresh the page and try again.'),
      'Your session has expired. Refresh the page and try again.',
    ],
    [
      '502 mail_failed',
      envelope(502, 'mail_failed', 'The mail server said no.'),
      'The mail server said no.',
    ],
    ['an envelope with an empty message', envelope(500, 'internal_error', ''), texts.failed],
    [
      'a 502 without an envelope',
      envelope(502, 'http_error', 'Request failed with status 502'),
      texts.failed,
    ],
    [
      'a body that breaks the contract',
      envelope(200, 'invalid_response', 'Unexpected response from POST /auth/code'),
      texts.failed,
    ],
    [
      'a network error',
      envelope(0, 'network_error', 'Could not reach the server'),
      texts.exception,
    ],
    ['a timeout', envelope(0, 'timeout', 'Request timed out'), texts.exception],
    [
      'no CSRF token to send',
      envelope(0, 'csrf_token_unavailable', 'No CSRF token'),
      texts.exception,
    ],
    ['a programming error', new TypeError('x is undefined'), texts.exception],
    ['a thrown string', 'boom', texts.exception],
  ])('%s', (_case, error, expected) => {
    expect(apiErrorMessage(error, texts)).toBe(expected);
  });

  test('without texts of its own a caller gets the generic ones', () => {
    expect(apiErrorMessage(envelope(502, 'http_error', 'Request failed with status 502'))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(apiErrorMessage(envelope(0, 'network_error', 'Could not reach the server'))).toBe(
      'An error occurred. Please try again.',
    );
  });
});

/** Shows `error` through the hook once, as a screen's error handler would. */
function ShowOnce({ error, options }: { error: unknown; options?: ApiErrorToastOptions }) {
  const showApiError = useApiErrorToast();
  useEffect(() => showApiError(error, options), [error, options, showApiError]);
  return null;
}

function renderShown(error: unknown, options?: ApiErrorToastOptions) {
  render(
    <Provider>
      <UiProvider>
        <ShowOnce error={error} options={options} />
      </UiProvider>
    </Provider>,
  );
}

function toasts() {
  return within(screen.getByRole('region', { name: 'Notifications' }));
}

function shownToast(text: string) {
  const toast = toasts().getByText(text).closest<HTMLElement>('[data-severity]');
  return {
    severity: toast?.dataset.severity,
    summary: toast?.querySelector('strong')?.textContent,
  };
}

afterEach(() => jest.useRealTimers());

test("useApiErrorToast shows the server's message as an error toast, summary 'Error', for 3000 ms", () => {
  jest.useFakeTimers();
  renderShown(envelope(429, 'rate_limited', 'Too many attempts. Try again in 5 minutes.'), texts);

  expect(shownToast('Too many attempts. Try again in 5 minutes.')).toEqual({
    severity: 'error',
    summary: 'Error',
  });
  act(() => jest.advanceTimersByTime(2999));
  expect(toasts().queryByText('Too many attempts. Try again in 5 minutes.')).not.toBeNull();
  act(() => jest.advanceTimersByTime(1));
  expect(toasts().queryByText('Too many attempts. Try again in 5 minutes.')).toBeNull();
});

test('severity, summary and life are the caller’s to choose; life 0 is sticky', () => {
  jest.useFakeTimers();
  renderShown(envelope(0, 'network_error', 'Could not reach the server'), {
    ...texts,
    severity: 'warn',
    summary: 'Offline',
    life: 0,
  });

  expect(shownToast('Network is down.')).toEqual({ severity: 'warn', summary: 'Offline' });
  act(() => jest.advanceTimersByTime(60_000));
  expect(toasts().queryByText('Network is down.')).not.toBeNull();
});

test('a cancelled call shows nothing', () => {
  const aborted = new DOMException('The operation was aborted.', 'AbortError');
  renderShown(aborted, texts);
  renderShown(new CancelledError(), texts);

  for (const region of screen.getAllByRole('region', { name: 'Notifications' })) {
    expect(region.textContent).toBe('');
  }
});

test('a failure its caller tells in place (`unless`) shows nothing; others still show', () => {
  const refused = envelope(400, 'validation_error', 'Expected an id (24 hexadecimal digits).');
  const unless = (error: unknown) => error instanceof ApiError && error.status === 400;
  renderShown(refused, { unless });
  renderShown(envelope(500, 'internal_error', 'The database is down.'), { unless });

  const regions = screen.getAllByRole('region', { name: 'Notifications' });
  expect(regions.map((region) => region.textContent).join('')).not.toContain('Expected an id');
  expect(regions.map((region) => region.textContent).join('')).toContain('The database is down.');
});
