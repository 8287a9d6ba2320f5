import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginTitle } from '../../../exposes/login-page';
import { VerifyTitle } from '../../../exposes/verify-page';
import { deferred, fakeApi, json, signedInUser } from '../../../test/fake-api';
import { findLanding, findToast, renderSignIn } from '../../../test/render-sign-in';
import { browserPage } from '../api/browser-page';
import { RESEND_COOLDOWN_SECONDS, verifyMessages } from '../api/use-verify';
import { signInStorageKeys } from '../state/sign-in-session';
import { emailLabel as loginEmailLabel } from './login-screen';
import {
  codeLabel,
  continueLabel,
  editLabel,
  emailLabel,
  noEmailQuestion,
  rememberMeLabel,
  resendCountdownLabel,
  resendLabel,
  sentCodeText,
  verifyingLabel,
} from './verify-screen';

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

/** What the login step keeps. */
function keep(kept: { email?: string; csrfToken?: string }) {
  if (kept.email) sessionStorage.setItem(signInStorageKeys.email, kept.email);
  if (kept.csrfToken) sessionStorage.setItem(signInStorageKeys.csrfToken, kept.csrfToken);
}

/** Opens /verify after a login step and waits for its already-signed-in check. */
async function openVerify(api: ReturnType<typeof fakeApi>, csrfToken: string | null = 'csrf-1') {
  keep({ email, csrfToken: csrfToken ?? undefined });
  const rendered = renderSignIn('/verify');
  await screen.findByRole('heading', { level: 1, name: VerifyTitle });
  await waitFor(() => expect(api.sent('GET /api/admin/me')).toHaveLength(1));
  return rendered;
}

function typeCode(value: string) {
  fireEvent.change(screen.getByLabelText(codeLabel), { target: { value } });
}

function clickContinue() {
  fireEvent.click(screen.getByRole('button', { name: continueLabel }));
}

test('without an e-mail from the login step it goes back to /', async () => {
  fakeApi();
  const { router } = renderSignIn('/verify');

  expect(await screen.findByRole('heading', { level: 1, name: LoginTitle })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('a signed-in visitor goes straight to the redirectUrl from me', async () => {
  fakeApi({ 'GET /api/admin/me': () => json(200, signedInUser) });
  keep({ email, csrfToken: 'csrf-1' });
  const { router } = renderSignIn('/verify');

  await findLanding('/admin/dashboard/users');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('shows where the code went, the read-only e-mail, the code field, Remember me and Resend', async () => {
  const api = fakeApi();
  await openVerify(api);

  expect(screen.getByText(sentCodeText, { exact: false }).textContent).toBe(
    `${sentCodeText} ${email}`,
  );
  const shownEmail = screen.getByLabelText(emailLabel) as HTMLInputElement;
  expect(shownEmail.value).toBe(email);
  expect(shownEmail.readOnly).toBe(true);
  expect(screen.getByRole('button', { name: editLabel })).toBeTruthy();
  const code = screen.getByLabelText(codeLabel) as HTMLInputElement;
  expect(code.maxLength).toBe(6);
  expect(code.autocomplete).toBe('one-time-code');
  expect((screen.getByLabelText(rememberMeLabel) as HTMLInputElement).checked).toBe(false);
  expect(screen.getByText(noEmailQuestion)).toBeTruthy();
  expect(screen.getByRole('button', { name: resendLabel })).toBeTruthy();
  // The verify screen fetches no token of its own: it uses the one the login step kept.
  expect(api.sent('GET /auth/csrf-token')).toHaveLength(0);
});

test('an empty code asks for it with a warning and sends nothing', async () => {
  const api = fakeApi();
  await openVerify(api);

  clickContinue();

  const { severity, summary } = await findToast(verifyMessages.codeRequired);
  expect(severity).toBe('warn');
  expect(summary).toBe('Warning');
  expect(api.sent('POST /auth/verify')).toHaveLength(0);
});

test('only digits go into the code', async () => {
  const api = fakeApi();
  await openVerify(api);

  typeCode('12 3-45');

  expect((screen.getByLabelText(codeLabel) as HTMLInputElement).value).toBe('12345');
});

test('Continue verifies with the kept token and Remember me, then goes to the redirectUrl', async () => {
  const answer = deferred<Response>();
  const api = fakeApi({ 'POST /auth/verify': () => answer.promise });
  const { router } = await openVerify(api);

  typeCode('123456');
  fireEvent.click(screen.getByLabelText(rememberMeLabel));
  clickContinue();

  const busy = await screen.findByRole('button', { name: verifyingLabel });
  expect((busy as HTMLButtonElement).disabled).toBe(true);
  const [request] = api.sent('POST /auth/verify');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(request?.body).toEqual({ email, code: '123456', rememberMe: true });

  await act(async () =>
    answer.resolve(
      json(200, { success: true, redirectUrl: '/admin/dashboard/hubspot', message: 'Signed in' }),
    ),
  );

  await findLanding('/admin/dashboard/hubspot');
  expect(router.state.historyAction).toBe('PUSH');
  expect(sessionStorage.getItem(signInStorageKeys.email)).toBeNull();
  expect(sessionStorage.getItem(signInStorageKeys.csrfToken)).toBeNull();
});

test('Remember me left off is sent as false; an empty redirectUrl goes to the webhooks page', async () => {
  const api = fakeApi({
    'POST /auth/verify': () => json(200, { success: true, redirectUrl: '', message: 'Signed in' }),
  });
  await openVerify(api);

  typeCode('654321');
  fireEvent.submit(screen.getByLabelText(codeLabel).closest('form') as HTMLFormElement);

  await findLanding('/admin/dashboard/webhooks');
  expect(api.sent('POST /auth/verify')[0]?.body).toEqual({
    email,
    code: '654321',
    rememberMe: false,
  });
});

test("a rejected code shows the server's message and keeps the screen", async () => {
  const message = 'Invalid or expired code. Please try again.';
  const api = fakeApi({
    'POST /auth/verify': () => json(401, { message, code: 'invalid_code' }),
  });
  await openVerify(api);

  typeCode('000000');
  clickContinue();

  const { severity, summary } = await findToast(message);
  expect(severity).toBe('error');
  expect(summary).toBe('Error');
  expect(screen.getByRole('button', { name: continueLabel })).toBeTruthy();
  expect(sessionStorage.getItem(signInStorageKeys.email)).toBe(email);
});

test('a failure without a server message says the code is invalid or expired', async () => {
  const api = fakeApi({
    'POST /auth/verify': () => new Response('Bad gateway', { status: 502 }),
  });
  await openVerify(api);

  typeCode('000000');
  clickContinue();

  expect((await findToast(verifyMessages.verifyFailed)).severity).toBe('error');
});

test('a request that never reaches the server says an error occurred', async () => {
  const api = fakeApi({ 'POST /auth/verify': () => Promise.reject(new TypeError('fetch failed')) });
  await openVerify(api);

  typeCode('000000');
  clickContinue();

  expect((await findToast(verifyMessages.verifyException)).severity).toBe('error');
});

test('without a kept token it says the session expired, fetches a new one and asks to try again', async () => {
  const api = fakeApi({ 'GET /auth/csrf-token': () => json(200, { csrfToken: 'csrf-2' }) });
  await openVerify(api, null);

  typeCode('123456');
  clickContinue();

  expect((await findToast(verifyMessages.sessionExpired)).severity).toBe('warn');
  expect((await findToast(verifyMessages.tryAgain)).severity).toBe('info');
  expect(api.sent('POST /auth/verify')).toHaveLength(0);
  expect(sessionStorage.getItem(signInStorageKeys.csrfToken)).toBe('csrf-2');

  // The typed code is still there: trying again sends it with the new token.
  clickContinue();
  await findLanding('/admin/dashboard/webhooks');
  const [request] = api.sent('POST /auth/verify');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-2');
  expect(request?.body).toEqual({ email, code: '123456', rememberMe: false });
});

test('a 403 on verify (token no longer accepted) renews the token the same way', async () => {
  const api = fakeApi({
    'POST /auth/verify': () => json(403, { message: 'Invalid CSRF token', code: 'csrf_invalid' }),
    'GET /auth/csrf-token': () => json(200, { csrfToken: 'csrf-2' }),
  });
  await openVerify(api);

  typeCode('123456');
  clickContinue();

  await findToast(verifyMessages.sessionExpired);
  await findToast(verifyMessages.tryAgain);
  expect(sessionStorage.getItem(signInStorageKeys.csrfToken)).toBe('csrf-2');
  expect(screen.queryByText('Invalid CSRF token')).toBeNull();
});

test('Edit clears the kept data and returns to / with the e-mail ready to correct', async () => {
  const api = fakeApi();
  await openVerify(api);

  fireEvent.click(screen.getByRole('button', { name: editLabel }));

  expect(await screen.findByRole('heading', { level: 1, name: LoginTitle })).toBeTruthy();
  expect((screen.getByLabelText(loginEmailLabel) as HTMLInputElement).value).toBe(email);
  expect(sessionStorage.getItem(signInStorageKeys.email)).toBeNull();
  expect(sessionStorage.getItem(signInStorageKeys.csrfToken)).toBeNull();
});

test('Resend sends a new code, then counts down 30 seconds before the next one', async () => {
  jest.useFakeTimers();
  const api = fakeApi();
  await openVerify(api);

  fireEvent.click(screen.getByRole('button', { name: resendLabel }));

  const { severity } = await findToast(verifyMessages.resendSucceeded);
  expect(severity).toBe('success');
  const [request] = api.sent('POST /auth/code');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(request?.body).toEqual({ email });

  const countdown = screen.getByRole('button', {
    name: resendCountdownLabel(RESEND_COOLDOWN_SECONDS),
  }) as HTMLButtonElement;
  expect(countdown.textContent).toBe('Resend in 30s');
  expect(countdown.disabled).toBe(true);

  act(() => jest.advanceTimersByTime(1000));
  expect(countdown.textContent).toBe('Resend in 29s');
  fireEvent.click(countdown);
  expect(api.sent('POST /auth/code')).toHaveLength(1);

  act(() => jest.advanceTimersByTime(28_000));
  expect(countdown.textContent).toBe('Resend in 1s');

  act(() => jest.advanceTimersByTime(1000));
  expect(countdown.textContent).toBe(resendLabel);
  expect(countdown.disabled).toBe(false);

  fireEvent.click(countdown);
  await waitFor(() => expect(api.sent('POST /auth/code')).toHaveLength(2));
});

test('a failed resend says so, with no countdown', async () => {
  const api = fakeApi({
    'POST /auth/code': () => json(429, { message: 'Slow down', code: 'rate_limited' }),
  });
  await openVerify(api);

  fireEvent.click(screen.getByRole('button', { name: resendLabel }));

  expect((await findToast(verifyMessages.resendFailed)).severity).toBe('error');
  expect((screen.getByRole('button', { name: resendLabel }) as HTMLButtonElement).disabled).toBe(
    false,
  );
});

test('a 403 on resend drops the stale token and reloads the page', async () => {
  const api = fakeApi({
    'POST /auth/code': () => json(403, { message: 'Invalid CSRF token', code: 'csrf_invalid' }),
  });
  await openVerify(api);

  fireEvent.click(screen.getByRole('button', { name: resendLabel }));

  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(sessionStorage.getItem(signInStorageKeys.csrfToken)).toBeNull();
  expect(sessionStorage.getItem(signInStorageKeys.email)).toBe(email);
  expect(screen.queryByText(verifyMessages.resendFailed)).toBeNull();
});
