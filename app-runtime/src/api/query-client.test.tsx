import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, createApiClient } from '@outsync/contracts';
import { UiProvider } from '@outsync/ui';
import { ApiProvider } from './api-context';
import { createQueryClient, getPageQueryClient, shouldRetry } from './query-client';

const rateLimited = new ApiError({
  status: 429,
  code: 'rate_limited',
  message: 'Too many attempts. Try again in 5 minutes.',
});

function renderWithApi(children: React.ReactNode, queryClient = createQueryClient()) {
  render(
    <Provider>
      <UiProvider>
        <ApiProvider client={createApiClient()} queryClient={queryClient}>
          {children}
        </ApiProvider>
      </UiProvider>
    </Provider>,
  );
  return queryClient;
}

function toastTexts(): string[] {
  const region = within(screen.getByRole('region', { name: 'Notifications' }));
  return region
    .queryAllByText(/./, { selector: '[data-severity] span' })
    .map((detail) => detail.textContent ?? '');
}

describe('defaults', () => {
  const defaults = createQueryClient().getDefaultOptions();

  test('queries stay fresh 30 s and do not refetch when the window regains focus', () => {
    expect(defaults.queries?.staleTime).toBe(30_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
  });

  test('mutations are never retried', () => {
    expect(defaults.mutations?.retry).toBe(false);
  });

  test.each([
    [400, 'validation_error', false],
    [401, 'unauthorized', false],
    [403, 'csrf_invalid', false],
    [404, 'not_found', false],
    [429, 'rate_limited', false],
    [200, 'invalid_response', false],
    [500, 'internal_error', true],
    [502, 'http_error', true],
    [503, 'not_ready', true],
    [0, 'network_error', true],
    [0, 'timeout', true],
  ])('a query that failed with %i %s is retried: %s', (status, code, retried) => {
    const error = new ApiError({ status, code, message: 'x' });
    expect(shouldRetry(0, error)).toBe(retried);
    expect(defaults.queries?.retry).toBe(shouldRetry);
  });

  test('a transient failure is retried twice at most; a programming error never', () => {
    const down = new ApiError({ status: 503, code: 'not_ready', message: 'Service not ready' });
    expect([0, 1, 2].map((failures) => shouldRetry(failures, down))).toEqual([true, true, false]);
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false);
  });
});

test('the page has one query client, and ApiProvider provides it unless told otherwise', () => {
  expect(getPageQueryClient()).toBe(getPageQueryClient());
  let provided: unknown;
  function Probe() {
    provided = useQuery({ queryKey: ['probe'], queryFn: () => 1, enabled: false });
    return null;
  }
  render(
    <UiProvider>
      <ApiProvider client={createApiClient()}>
        <Probe />
      </ApiProvider>
    </UiProvider>,
  );
  expect(provided).toBeTruthy();
  expect(
    getPageQueryClient()
      .getQueryCache()
      .find({ queryKey: ['probe'] }),
  ).toBeTruthy();
});

test('a mutation with meta.errorToast shows the one mapping’s toast once', async () => {
  function Send() {
    const send = useMutation({
      mutationFn: () => Promise.reject(rateLimited),
      meta: { errorToast: { failed: 'Failed to send code. Please try again.' } },
    });
    return <button onClick={() => send.mutate()}>Send</button>;
  }
  renderWithApi(<Send />);

  act(() => screen.getByRole('button', { name: 'Send' }).click());

  await waitFor(() => expect(toastTexts()).toEqual(['Too many attempts. Try again in 5 minutes.']));
});

test('a query with meta.errorToast shows its toast once per failure, however many screens read it', async () => {
  const fetchUsers = jest.fn(() =>
    Promise.reject(
      new ApiError({ status: 403, code: 'forbidden', message: 'You do not have access to this.' }),
    ),
  );
  function Users() {
    useQuery({
      queryKey: ['users'],
      queryFn: fetchUsers,
      meta: { errorToast: { failed: 'Could not load the users.' } },
    });
    return null;
  }
  renderWithApi(
    <>
      <Users />
      <Users />
    </>,
  );

  await waitFor(() => expect(toastTexts()).toEqual(['You do not have access to this.']));
  expect(fetchUsers).toHaveBeenCalledTimes(1);
});

test('a failure without meta.errorToast shows nothing (its screen handles it)', async () => {
  const failing = jest.fn(() => Promise.reject(rateLimited));
  function Quiet() {
    const query = useQuery({ queryKey: ['quiet'], queryFn: failing });
    return <p>{query.status}</p>;
  }
  renderWithApi(<Quiet />);

  await screen.findByText('error');
  expect(toastTexts()).toEqual([]);
});

test('nested providers on one client show a failure once, in the innermost tree', async () => {
  const queryClient = createQueryClient();
  function Send() {
    const send = useMutation({
      mutationFn: () => Promise.reject(rateLimited),
      meta: { errorToast: {} },
    });
    return <button onClick={() => send.mutate()}>Send</button>;
  }
  render(
    <Provider>
      <UiProvider>
        <ApiProvider client={createApiClient()} queryClient={queryClient}>
          <Provider>
            <UiProvider>
              <ApiProvider client={createApiClient()} queryClient={queryClient}>
                <Send />
              </ApiProvider>
            </UiProvider>
          </Provider>
        </ApiProvider>
      </UiProvider>
    </Provider>,
  );

  act(() => screen.getByRole('button', { name: 'Send' }).click());

  await waitFor(() =>
    expect(screen.getAllByText('Too many attempts. Try again in 5 minutes.')).toHaveLength(1),
  );
  // The inner tree's region comes first in the document.
  const [inner, outer] = screen.getAllByRole('region', { name: 'Notifications' });
  expect(inner?.textContent).toContain('Too many attempts. Try again in 5 minutes.');
  expect(outer?.textContent).not.toContain('Too many attempts');
});
