import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginTitle } from '../../../exposes/login-page';
import { VerifyTitle } from '../../../exposes/verify-page';
import { deferred, fakeApi, json, signedInUser } from '../../../test/fake-api';
import { findLanding, findToast, renderSignIn } from '../../../test/render-sign-in';
import { browserPage } from '../api/browser-page';
import { loginMessages } from '../api/use-login';
import { signInStorageKeys } from '../state/sign-in-session';
import {
  accountNote,
  continueLabel,
  emailLabel,
  sendingLabel,
  supportEmail,
  supportLinkLabel,
} from './login-screen';

let reload: jest.SpyInstance;

beforeEach(() => {
  sessionStorage.clear();
  reload = jest.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** Opens '/' and waits until the opening checks fetched a CSRF token. */
async function openLogin(api: ReturnType<typeof fakeApi>) {
  const rendered = renderSignIn('/');
  await waitFor(() => expect(api.sent('GET /auth/csrf-token')).toHaveLength(1));
  return rendered;
}

function typeEmail(value: string) {
  fireEvent.change(screen.getByLabelText(emailLabel), { target: { value } });
}

function clickContinue() {
  fireEvent.click(screen.getByRole('button', { name: continueLabel }));
}

test('shows the sign-in card: title, e-mail field, Continue, the note and the support link', async () => {
  const api = fakeApi();
  await openLogin(api);

  expect(screen.getByRole('heading', { level: 1, name: LoginTitle })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'OutSync' })).toBeTruthy();
  const email = screen.getByLabelText(emailLabel);
  expect(email.getAttribute('type')).toBe('email');
  expect(email.hasAttribute('required')).toBe(true);
  expect(screen.getByRole('button', { name: continueLabel }).getAttribute('type')).toBe('submit');
  expect(screen.getByText(accountNote)).toBeTruthy();
  const support = screen.getByRole('link', { name: supportLinkLabel });
  expect(support.getAttribute('href')).toBe(`mailto:${supportEmail}`);
});

test('on open it checks for a session first, then fetches a CSRF token', async () => {
  const api = fakeApi();
  await openLogin(api);

  expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
    'GET /api/admin/me',
    'GET /auth/csrf-token',
  ]);
});

test('a signed-in visitor goes straight to the redirectUrl from me, replacing /', async () => {
  const api = fakeApi({ 'GET /api/admin/me': () => json(200, signedInUser) });
  const { router } = renderSignIn('/');

  await findLanding('/admin/dashboard/users');
  expect(router.state.historyAction).toBe('REPLACE');
  expect(api.sent('GET /auth/csrf-token')).toHaveLength(0);
});

test('an empty e-mail asks for one with a warning and sends nothing', async () => {
  const api = fakeApi();
  await openLogin(api);

  typeEmail('   ');
  clickContinue();

  const { severity, summary } = await findToast(loginMessages.emailRequired);
  expect(severity).toBe('warn');
  expect(summary).toBe('Warning');
  expect(api.sent('POST /auth/code')).toHaveLength(0);
});

test('without a CSRF token it says something went wrong and sends nothing', async () => {
  const api = fakeApi({
    'GET /auth/csrf-token': () => json(500, { message: 'boom', code: 'internal_error' }),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  const { severity } = await findToast(loginMessages.missingCsrf);
  expect(severity).toBe('error');
  expect(api.sent('POST /auth/code')).toHaveLength(0);
});

test('Continue (or Enter) sends the code with the CSRF header, keeps e-mail and token, goes to /verify', async () => {
  const answer = deferred<Response>();
  const api = fakeApi({ 'POST /auth/code': () => answer.promise });
  await openLogin(api);

  typeEmail(' ada@example.com ');
  fireEvent.submit(screen.getByLabelText(emailLabel).closest('form') as HTMLFormElement);

  const busy = await screen.findByRole('button', { name: sendingLabel });
  expect((busy as HTMLButtonElement).disabled).toBe(true);
  const [request] = api.sent('POST /auth/code');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(request?.body).toEqual({ email: 'ada@example.com' });

  await act(async () => answer.resolve(json(200, { success: true, message: 'Code sent' })));

  expect(await screen.findByRole('heading', { level: 1, name: VerifyTitle })).toBeTruthy();
  expect(sessionStorage.getItem(signInStorageKeys.email)).toBe('ada@example.com');
  expect(sessionStorage.getItem(signInStorageKeys.csrfToken)).toBe('csrf-1');
});

test('a 403 (stale CSRF cookie) reloads the page', async () => {
  const api = fakeApi({
    'POST /auth/code': () => json(403, { message: 'Invalid CSRF token', code: 'csrf_invalid' }),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(screen.queryByText('Invalid CSRF token')).toBeNull();
  expect(sessionStorage.getItem(signInStorageKeys.email)).toBeNull();
  expect(screen.getByRole('button', { name: continueLabel })).toBeTruthy();
});

test("another failure shows the server's message", async () => {
  const message = 'Too many codes requested. Try again in 5 minutes.';
  const api = fakeApi({
    'POST /auth/code': () => json(429, { message, code: 'rate_limited' }),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  const { severity, summary } = await findToast(message);
  expect(severity).toBe('error');
  expect(summary).toBe('Error');
  expect(screen.getByRole('button', { name: continueLabel })).toBeTruthy();
  expect(reload).not.toHaveBeenCalled();
});

test('a failure without a server message says the code could not be sent', async () => {
  const api = fakeApi({
    'POST /auth/code': () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  expect((await findToast(loginMessages.sendFailed)).severity).toBe('error');
});

test('a request that never reaches the server says an error occurred', async () => {
  const api = fakeApi({
    'POST /auth/code': () => Promise.reject(new TypeError('fetch failed')),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  expect((await findToast(loginMessages.sendException)).severity).toBe('error');
});
