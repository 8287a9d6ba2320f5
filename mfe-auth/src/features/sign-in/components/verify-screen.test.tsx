// Spec 01 §2.4, §4 'Sign-in flow', §5 'Login and verify', §7 'Session and sign-in', §8 'Sign-in',
// §9. Every text is spelled out here, copied from the spec, never imported from the code: a test
// that reads the code's own constant cannot catch a wrong text.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { deferred, fakeApi, json } from '../../../test/fake-api';
import { findLanding, findToast, renderSignIn, shownToasts } from '../../../test/render-sign-in';
import {
  rateLimitedEnvelope,
  serviceAnswers,
  serviceErrors,
  signedInCustomer,
} from '../../../test/service-answers';
import { browserPage } from '../api/browser-page';

const email = 'ada@example.com';
let reload: jest.SpyInstance;

beforeEach(() => {
  sessionStorage.clear();
  reload = jest.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/** What the login step keeps for this browser session. */
function keep(kept: { email?: string; csrfToken?: string }) {
  if (kept.email) sessionStorage.setItem('outsync.signIn.email', kept.email);
  if (kept.csrfToken) sessionStorage.setItem('outsync.signIn.csrfToken', kept.csrfToken);
}

/** Opens /verify after a login step and waits for its already-signed-in check. */
async function openVerify(api: ReturnType<typeof fakeApi>, csrfToken: string | null = 'csrf-1') {
  keep({ email, csrfToken: csrfToken ?? undefined });
  const rendered = renderSignIn('/verify');
  await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' });
  await waitFor(() => expect(api.sent('GET /api/admin/me')).toHaveLength(1));
  return rendered;
}

function typeCode(value: string) {
  fireEvent.change(screen.getByLabelText('Code'), { target: { value } });
}

function clickContinue() {
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

function resendButton(name = 'Resend') {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

test('without an e-mail from the login step it goes back to /', async () => {
  fakeApi();
  const { router } = renderSignIn('/verify');

  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to OutSync' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('a signed-in visitor goes straight to the redirectUrl from me', async () => {
  fakeApi({ 'GET /api/admin/me': () => json(200, signedInCustomer) });
  keep({ email, csrfToken: 'csrf-1' });
  const { router } = renderSignIn('/verify');

  await findLanding('/admin/dashboard/users');
  expect(router.state.historyAction).toBe('REPLACE');
});

test("a visitor's 401 from me keeps the verify screen (it is not the dashboard's 401)", async () => {
  const api = fakeApi();
  const { router } = await openVerify(api);

  expect(router.state.location.pathname).toBe('/verify');
  expect(screen.queryByRole('heading', { name: 'Unauthorized!' })).toBeNull();
  expect(shownToasts()).toEqual([]);
});

test('shows where the code went, the read-only e-mail, the code field, Remember me and Resend', async () => {
  const api = fakeApi();
  await openVerify(api);

  expect(
    screen.getByText("We've sent an email with your code to", { exact: false }).textContent,
  ).toBe("We've sent an email with your code to ada@example.com");
  const shownEmail = screen.getByLabelText('Email') as HTMLInputElement;
  expect(shownEmail.value).toBe(email);
  expect(shownEmail.readOnly).toBe(true);
  expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  const code = screen.getByLabelText('Code') as HTMLInputElement;
  expect(code.maxLength).toBe(6);
  expect(code.autocomplete).toBe('one-time-code');
  expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(false);
  expect(screen.getByText("Didn't receive an email?")).toBeTruthy();
  expect(resendButton().disabled).toBe(false);
  expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).type).toBe(
    'submit',
  );
  // The verify screen fetches no token of its own: it uses the one the login step kept.
  expect(api.sent('GET /auth/csrf-token')).toHaveLength(0);
});

test('an empty code asks for it with a warning and sends nothing', async () => {
  const api = fakeApi();
  await openVerify(api);

  clickContinue();

  const { severity, summary } = await findToast('Please enter the code');
  expect(severity).toBe('warn');
  expect(summary).toBe('Warning');
  expect(api.sent('POST /auth/verify')).toHaveLength(0);
});

test('only digits go into the code', async () => {
  const api = fakeApi();
  await openVerify(api);

  typeCode('12 3-45');

  expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('12345');
});

test('Continue verifies with the kept token and Remember me, then goes to the redirectUrl', async () => {
  const answer = deferred<Response>();
  const api = fakeApi({ 'POST /auth/verify': () => answer.promise });
  const { router } = await openVerify(api);

  typeCode('123456');
  fireEvent.click(screen.getByLabelText('Remember me'));
  clickContinue();

  const busy = (await screen.findByRole('button', { name: 'VERIFYING...' })) as HTMLButtonElement;
  expect(busy.disabled).toBe(true);
  expect(busy.textContent).toBe('VERIFYING...');
  const [request] = api.sent('POST /auth/verify');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(request?.body).toEqual({ email, code: '123456', rememberMe: true });

  await act(async () =>
    answer.resolve(
      json(200, { ...serviceAnswers.signedIn, redirectUrl: '/admin/dashboard/hubspot' }),
    ),
  );

  await findLanding('/admin/dashboard/hubspot');
  expect(router.state.historyAction).toBe('PUSH');
  expect(sessionStorage.getItem('outsync.signIn.email')).toBeNull();
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBeNull();
});

test("Remember me left off is sent as false; an empty redirectUrl goes to '/admin/dashboard/webhooks'", async () => {
  const api = fakeApi({
    'POST /auth/verify': () => json(200, { ...serviceAnswers.signedIn, redirectUrl: '' }),
  });
  await openVerify(api);

  typeCode('654321');
  fireEvent.submit(screen.getByLabelText('Code').closest('form') as HTMLFormElement);

  await findLanding('/admin/dashboard/webhooks');
  expect(api.sent('POST /auth/verify')[0]?.body).toEqual({
    email,
    code: '654321',
    rememberMe: false,
  });
});

test("a wrong or expired code (the service's 401 invalid_code) shows its message and keeps the screen", async () => {
  const api = fakeApi({ 'POST /auth/verify': () => json(401, serviceErrors.invalidCode) });
  const { router } = await openVerify(api);

  typeCode('000000');
  clickContinue();

  const { severity, summary } = await findToast('Invalid or expired code. Please try again.');
  expect(severity).toBe('error');
  expect(summary).toBe('Error');
  expect(shownToasts()).toEqual(['error: Invalid or expired code. Please try again.']);
  // A 401 here is a wrong code, not a lost session: nobody is sent to /unauthorized.
  expect(router.state.location.pathname).toBe('/verify');
  expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(
    false,
  );
  expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('000000');
  expect(sessionStorage.getItem('outsync.signIn.email')).toBe(email);
});

test("too many attempts (429) shows the server's own message, not the fallback", async () => {
  const api = fakeApi({
    'POST /auth/verify': () => json(429, rateLimitedEnvelope(600), { 'Retry-After': '600' }),
  });
  await openVerify(api);

  typeCode('000000');
  clickContinue();

  expect((await findToast('Too many attempts. Try again in 10 minutes.')).severity).toBe('error');
  expect(screen.queryByText('Invalid or expired code. Please try again.')).toBeNull();
});

test('a failure without a server message says the code is invalid or expired', async () => {
  const api = fakeApi({
    'POST /auth/verify': () => new Response('Bad gateway', { status: 502 }),
  });
  await openVerify(api);

  typeCode('000000');
  clickContinue();

  expect((await findToast('Invalid or expired code. Please try again.')).severity).toBe('error');
  expect(screen.queryByText('Request failed with status 502')).toBeNull();
});

test('a request that never reaches the server says an error occurred', async () => {
  const api = fakeApi({ 'POST /auth/verify': () => Promise.reject(new TypeError('fetch failed')) });
  await openVerify(api);

  typeCode('000000');
  clickContinue();

  expect((await findToast('An error occurred. Please try again.')).severity).toBe('error');
});

test('without a kept token it says the session expired, fetches a new one and asks to try again', async () => {
  const api = fakeApi({ 'GET /auth/csrf-token': () => json(200, { csrfToken: 'csrf-2' }) });
  await openVerify(api, null);

  typeCode('123456');
  clickContinue();

  expect((await findToast('Your session has expired. Refreshing...')).severity).toBe('warn');
  expect((await findToast('Please try again.')).severity).toBe('info');
  expect(shownToasts()).toEqual([
    'warn: Your session has expired. Refreshing...',
    'info: Please try again.',
  ]);
  expect(api.sent('POST /auth/verify')).toHaveLength(0);
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBe('csrf-2');

  // The typed code is still there: trying again sends it with the new token.
  clickContinue();
  await findLanding('/admin/dashboard/webhooks');
  const [request] = api.sent('POST /auth/verify');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-2');
  expect(request?.body).toEqual({ email, code: '123456', rememberMe: false });
});

test("a 403 on verify (the service's csrf_invalid) renews the token the same way", async () => {
  const api = fakeApi({
    'POST /auth/verify': () => json(403, serviceErrors.csrfInvalid),
    'GET /auth/csrf-token': () => json(200, { csrfToken: 'csrf-2' }),
  });
  await openVerify(api);

  typeCode('123456');
  clickContinue();

  expect((await findToast('Your session has expired. Refreshing...')).severity).toBe('warn');
  expect((await findToast('Please try again.')).severity).toBe('info');
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBe('csrf-2');
  expect(
    screen.queryByText('Your session has expired. Refresh the page and try again.'),
  ).toBeNull();
  expect(reload).not.toHaveBeenCalled();

  api.answers['POST /auth/verify'] = () => json(200, serviceAnswers.signedIn);
  clickContinue();
  await findLanding('/admin/dashboard/webhooks');
  expect(api.sent('POST /auth/verify')[1]?.headers.get('X-CSRF-Token')).toBe('csrf-2');
});

test('when no new token can be fetched either, it says an error occurred', async () => {
  const api = fakeApi({ 'GET /auth/csrf-token': () => json(500, serviceErrors.internal) });
  await openVerify(api, null);

  typeCode('123456');
  clickContinue();

  await findToast('Your session has expired. Refreshing...');
  expect((await findToast('An error occurred. Please try again.')).severity).toBe('error');
  expect(screen.queryByText('Please try again.')).toBeNull();
  expect(api.sent('POST /auth/verify')).toHaveLength(0);
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBeNull();
});

test('Edit clears the kept data and returns to / with the e-mail ready to correct', async () => {
  const api = fakeApi();
  await openVerify(api);

  fireEvent.click(screen.getByRole('button', { name: 'Edit' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to OutSync' })).toBeTruthy();
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(email);
  expect(sessionStorage.getItem('outsync.signIn.email')).toBeNull();
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBeNull();
});

test('Resend sends a new code, then counts down 30 seconds, once a second, before the next one', async () => {
  jest.useFakeTimers();
  const api = fakeApi();
  await openVerify(api);

  fireEvent.click(resendButton());

  const { severity } = await findToast('New code sent! Check your email.');
  expect(severity).toBe('success');
  const [request] = api.sent('POST /auth/code');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(request?.body).toEqual({ email });

  const countdown = resendButton('Resend in 30s');
  expect(countdown.textContent).toBe('Resend in 30s');
  expect(countdown.disabled).toBe(true);

  act(() => jest.advanceTimersByTime(1000));
  expect(countdown.textContent).toBe('Resend in 29s');
  fireEvent.click(countdown);
  expect(api.sent('POST /auth/code')).toHaveLength(1);

  act(() => jest.advanceTimersByTime(28_000));
  expect(countdown.textContent).toBe('Resend in 1s');
  expect(countdown.disabled).toBe(true);

  act(() => jest.advanceTimersByTime(1000));
  expect(countdown.textContent).toBe('Resend');
  expect(countdown.disabled).toBe(false);

  fireEvent.click(countdown);
  await waitFor(() => expect(api.sent('POST /auth/code')).toHaveLength(2));
});

test("a failed resend says so in the spec's words, even when the server says more, with no countdown", async () => {
  const api = fakeApi({
    'POST /auth/code': () => json(429, rateLimitedEnvelope(1800), { 'Retry-After': '1800' }),
  });
  await openVerify(api);

  fireEvent.click(resendButton());

  expect((await findToast('Failed to resend code. Please try again.')).severity).toBe('error');
  expect(screen.queryByText('Too many attempts. Try again in 30 minutes.')).toBeNull();
  expect(resendButton().disabled).toBe(false);
  expect(reload).not.toHaveBeenCalled();
});

test("a 403 on resend (the service's csrf_invalid) drops the stale token and reloads the page", async () => {
  const api = fakeApi({ 'POST /auth/code': () => json(403, serviceErrors.csrfInvalid) });
  await openVerify(api);

  fireEvent.click(resendButton());

  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBeNull();
  expect(sessionStorage.getItem('outsync.signIn.email')).toBe(email);
  expect(screen.queryByText('Failed to resend code. Please try again.')).toBeNull();
  expect(shownToasts()).toEqual([]);
});

test('Resend without a kept token renews it first and asks to try again', async () => {
  const api = fakeApi({ 'GET /auth/csrf-token': () => json(200, { csrfToken: 'csrf-2' }) });
  await openVerify(api, null);

  fireEvent.click(resendButton());

  await findToast('Your session has expired. Refreshing...');
  await findToast('Please try again.');
  expect(api.sent('POST /auth/code')).toHaveLength(0);
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBe('csrf-2');

  fireEvent.click(resendButton());
  await findToast('New code sent! Check your email.');
  expect(api.sent('POST /auth/code')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-2');
});
