// Spec 01 §2.3, §5 'Login and verify', §7 'Session and sign-in', §8 'Sign-in'. Every text is
// spelled out here, copied from the spec (or docs/decisions.md where the spec names none), never
// imported from the code: a test that reads the code's own constant cannot catch a wrong text.
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
  fireEvent.change(screen.getByLabelText('Email'), { target: { value } });
}

function clickContinue() {
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

test('shows the sign-in card: title, e-mail field, Continue, the note and the support link', async () => {
  const api = fakeApi();
  await openLogin(api);

  expect(screen.getByRole('heading', { level: 1, name: 'Sign in to OutSync' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'OutSync' })).toBeTruthy();
  const email = screen.getByLabelText('Email');
  expect(email.getAttribute('type')).toBe('email');
  expect(email.hasAttribute('required')).toBe(true);
  const button = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
  expect(button.getAttribute('type')).toBe('submit');
  expect(button.disabled).toBe(false);
  expect(screen.getByText("If you don't have an account, we'll create one.")).toBeTruthy();
  const support = screen.getByRole('link', { name: 'Contact support' });
  expect(support.getAttribute('href')).toBe('mailto:support@outsync.dev');
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
  const api = fakeApi({ 'GET /api/admin/me': () => json(200, signedInCustomer) });
  const { router } = renderSignIn('/');

  await findLanding('/admin/dashboard/users');
  expect(router.state.historyAction).toBe('REPLACE');
  expect(api.sent('GET /auth/csrf-token')).toHaveLength(0);
});

test("a signed-in visitor whose me names no redirectUrl goes to '/admin/dashboard/webhooks'", async () => {
  fakeApi({ 'GET /api/admin/me': () => json(200, { ...signedInCustomer, redirectUrl: '' }) });
  renderSignIn('/');

  await findLanding('/admin/dashboard/webhooks');
});

test("a visitor's 401 from me keeps the login screen (it is not the dashboard's 401)", async () => {
  const api = fakeApi();
  const { router } = await openLogin(api);

  expect(router.state.location.pathname).toBe('/');
  expect(screen.queryByRole('heading', { name: 'Unauthorized!' })).toBeNull();
  expect(shownToasts()).toEqual([]);
});

test('an empty e-mail asks for one with a warning and sends nothing', async () => {
  const api = fakeApi();
  await openLogin(api);

  typeEmail('   ');
  clickContinue();

  const { severity, summary } = await findToast('Please enter your email address');
  expect(severity).toBe('warn');
  expect(summary).toBe('Warning');
  expect(api.sent('POST /auth/code')).toHaveLength(0);
});

test('without a CSRF token it tries once more, then says something went wrong and sends nothing', async () => {
  const api = fakeApi({ 'GET /auth/csrf-token': () => json(500, serviceErrors.internal) });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  const { severity, summary } = await findToast('Something went wrong. Please try again.');
  expect(severity).toBe('error');
  expect(summary).toBe('Error');
  expect(api.sent('GET /auth/csrf-token')).toHaveLength(2);
  expect(api.sent('POST /auth/code')).toHaveLength(0);
  expect(screen.queryByText('Internal server error')).toBeNull();
});

test('a submit made while the token is on its way waits for it, reading SENDING...', async () => {
  const token = deferred<Response>();
  const api = fakeApi({ 'GET /auth/csrf-token': () => token.promise });
  renderSignIn('/');
  await waitFor(() => expect(api.sent('GET /auth/csrf-token')).toHaveLength(1));

  typeEmail('ada@example.com');
  clickContinue();

  const busy = (await screen.findByRole('button', { name: 'SENDING...' })) as HTMLButtonElement;
  expect(busy.disabled).toBe(true);
  expect(api.sent('POST /auth/code')).toHaveLength(0);

  await act(async () => token.resolve(json(200, { csrfToken: 'csrf-late' })));

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' }),
  ).toBeTruthy();
  expect(api.sent('GET /auth/csrf-token')).toHaveLength(1);
  expect(api.sent('POST /auth/code')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-late');
});

test('Continue (or Enter) sends the code with the CSRF header, keeps e-mail and token, goes to /verify', async () => {
  const answer = deferred<Response>();
  const api = fakeApi({ 'POST /auth/code': () => answer.promise });
  const { router } = await openLogin(api);

  typeEmail(' ada@example.com ');
  fireEvent.submit(screen.getByLabelText('Email').closest('form') as HTMLFormElement);

  const busy = (await screen.findByRole('button', { name: 'SENDING...' })) as HTMLButtonElement;
  expect(busy.disabled).toBe(true);
  expect(busy.textContent).toBe('SENDING...');
  const [request] = api.sent('POST /auth/code');
  expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  expect(request?.body).toEqual({ email: 'ada@example.com' });

  // A second submit while sending sends nothing more.
  fireEvent.submit(screen.getByLabelText('Email').closest('form') as HTMLFormElement);
  expect(api.sent('POST /auth/code')).toHaveLength(1);

  await act(async () => answer.resolve(json(200, serviceAnswers.codeSent)));

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' }),
  ).toBeTruthy();
  expect(router.state.location.pathname).toBe('/verify');
  expect(sessionStorage.getItem('outsync.signIn.email')).toBe('ada@example.com');
  expect(sessionStorage.getItem('outsync.signIn.csrfToken')).toBe('csrf-1');
});

test("a 403 (the service's csrf_invalid: a stale CSRF cookie) reloads the page", async () => {
  const api = fakeApi({ 'POST /auth/code': () => json(403, serviceErrors.csrfInvalid) });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(
    screen.queryByText('Your session has expired. Refresh the page and try again.'),
  ).toBeNull();
  expect(shownToasts()).toEqual([]);
  expect(sessionStorage.getItem('outsync.signIn.email')).toBeNull();
  expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
});

test("a rate-limited send (429) shows the server's own message as an error", async () => {
  const limited = rateLimitedEnvelope(2520);
  const api = fakeApi({
    'POST /auth/code': () => json(429, limited, { 'Retry-After': '2520' }),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  const { severity, summary } = await findToast('Too many attempts. Try again in 42 minutes.');
  expect(severity).toBe('error');
  expect(summary).toBe('Error');
  expect(shownToasts()).toEqual(['error: Too many attempts. Try again in 42 minutes.']);
  expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(
    false,
  );
  expect(reload).not.toHaveBeenCalled();
  expect(sessionStorage.getItem('outsync.signIn.email')).toBeNull();
});

test("a mail failure (502 mail_failed) shows the server's message", async () => {
  const api = fakeApi({ 'POST /auth/code': () => json(502, serviceErrors.mailFailed) });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  expect((await findToast('Failed to send code. Please try again.')).severity).toBe('error');
});

test('a failure without a server message says the code could not be sent', async () => {
  const api = fakeApi({
    'POST /auth/code': () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  expect((await findToast('Failed to send code. Please try again.')).severity).toBe('error');
  expect(screen.queryByText('Request failed with status 502')).toBeNull();
});

test('a request that never reaches the server says an error occurred', async () => {
  const api = fakeApi({
    'POST /auth/code': () => Promise.reject(new TypeError('fetch failed')),
  });
  await openLogin(api);

  typeEmail('ada@example.com');
  clickContinue();

  expect((await findToast('An error occurred. Please try again.')).severity).toBe('error');
  expect(screen.queryByText('Could not reach the server')).toBeNull();
});
