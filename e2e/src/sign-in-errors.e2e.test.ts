// The sign-in screens' error paths against the real service (spec 01 §2.3, §2.4, §5, §7, §8, §9):
// a component test's fake server can drift from the real one; these journeys cannot. Each also
// checks the real answers are the ones the component tests' fake gives
// (mfe-auth/src/test/service-answers.ts). Texts are the spec's, spelled out.
import { MongoClient } from 'mongodb';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, type Browser } from '../../scripts/chromium';
import type { RunningProduct } from '../../scripts/product';
import { readSignInCode } from '../../scripts/sign-in';
import {
  rateLimitedMessage,
  serviceAnswers,
  serviceErrors,
} from '../../mfe-auth/src/test/service-answers';
import { expectAccessible } from './accessibility';
import { screenshot, startTestProduct } from './product-harness';

// Always an instance of our own (never E2E_BASE_URL): the expired-code journey writes to its
// database, and the rate-limit journey spends the browser address's hourly sending allowance.
let product: RunningProduct;
let baseUrl: string;
let sandboxUrl: string;
let mongo: MongoClient;
let browser: Browser;

beforeAll(async () => {
  product = await startTestProduct();
  baseUrl = product.shellUrl;
  sandboxUrl = product.sandboxUrl ?? '';
  mongo = await MongoClient.connect(product.mongoUri ?? '');
}, 300_000);

afterAll(async () => {
  await mongo?.close();
  await product?.stop();
});

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser?.close();
});

/** An address no other journey (or earlier run against the same database) has used. */
const freshEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The next answer to `METHOD path` the page receives. */
function nextAnswer(page: Page, method: string, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === method && new URL(response.url()).pathname === path,
  );
}

/** The toast showing exactly `text`, with its severity. */
async function toast(page: Page, text: string) {
  const detail = page
    .getByRole('region', { name: 'Notifications' })
    .getByText(text, { exact: true });
  await detail.waitFor();
  const severity = await detail.evaluate(
    (element) => element.closest<HTMLElement>('[data-severity]')?.dataset.severity,
  );
  return { severity };
}

function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue' });
}

/** Login as a user does, up to the verify screen; resolves with the mailed code. */
async function loginUpToVerify(page: Page, email: string, name: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to OutSync' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  const since = new Date(Date.now() - 1000);
  const sent = nextAnswer(page, 'POST', '/auth/code');
  await continueButton(page).click();
  expect(await (await sent).json()).toEqual(serviceAnswers.codeSent);
  await page.getByRole('heading', { level: 1, name: 'Verify Your Identity' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/verify');
  await expectAccessible(page);
  await screenshot(page, `${name}-verify`);
  return readSignInCode(sandboxUrl, email, since);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await continueButton(page).click();
}

async function expectDashboard(page: Page) {
  await page.waitForURL('**/admin/dashboard/webhooks');
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
}

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => code.slice(0, 5) + String((Number(code.slice(5)) + 1) % 10);

test("a wrong code shows the server's message, keeps the screen, and the right code still works", async () => {
  const page = await browser.context.newPage();
  const email = freshEmail('wrong-code');
  const code = await loginUpToVerify(page, email, 'sign-in-errors-wrong-code');

  const refused = nextAnswer(page, 'POST', '/auth/verify');
  await enterCode(page, otherThan(code));

  const answer = await refused;
  expect(answer.status()).toBe(401);
  expect(await answer.json()).toEqual(serviceErrors.invalidCode);
  expect(await toast(page, 'Invalid or expired code. Please try again.')).toEqual({
    severity: 'error',
  });
  expect(new URL(page.url()).pathname).toBe('/verify');
  await expectAccessible(page);
  await screenshot(page, 'sign-in-errors-wrong-code-toast');

  // One wrong guess does not spend the code.
  await enterCode(page, code);
  await expectDashboard(page);
});

test('an expired code is refused with the same message', async () => {
  const page = await browser.context.newPage();
  const email = freshEmail('expired-code');
  const code = await loginUpToVerify(page, email, 'sign-in-errors-expired-code');
  // Codes live 10 minutes (CODE_TTL_MINUTES); the service compares `expiresAt` with its clock
  // on every verify, so moving it into the past is what ten minutes of waiting would do.
  const expired = await mongo
    .db()
    .collection('sign_in_codes')
    .updateOne({ email }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  expect(expired.modifiedCount).toBe(1);

  const refused = nextAnswer(page, 'POST', '/auth/verify');
  await enterCode(page, code);

  const answer = await refused;
  expect(answer.status()).toBe(401);
  expect(await answer.json()).toEqual(serviceErrors.invalidCode);
  expect((await toast(page, 'Invalid or expired code. Please try again.')).severity).toBe('error');
  expect(new URL(page.url()).pathname).toBe('/verify');
  await expectAccessible(page);
  await screenshot(page, 'sign-in-errors-expired-code-toast');
});

test('Resend mails a new code, counts down "Resend in {n}s" for 30 s, and only the new code works', async () => {
  const page = await browser.context.newPage();
  // The page's clock is ours to move: the 30 s countdown takes no 30 s of the journey.
  await page.clock.install();
  const email = freshEmail('resend');
  const firstCode = await loginUpToVerify(page, email, 'sign-in-errors-resend');

  const since = new Date(Date.now() - 1000);
  const resent = nextAnswer(page, 'POST', '/auth/code');
  await page.getByRole('button', { name: 'Resend' }).click();
  expect(await (await resent).json()).toEqual(serviceAnswers.codeSent);
  expect((await toast(page, 'New code sent! Check your email.')).severity).toBe('success');

  const countdown = page.getByRole('button', { name: /^Resend/ });
  const secondsLeft = async () => {
    const label = (await countdown.textContent()) ?? '';
    const seconds = /^Resend in (\d+)s$/.exec(label)?.[1];
    if (seconds === undefined) throw new Error(`Not counting down: "${label}"`);
    return Number(seconds);
  };
  expect(await secondsLeft()).toBeGreaterThanOrEqual(29);
  expect(await secondsLeft()).toBeLessThanOrEqual(30);
  expect(await countdown.isDisabled()).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'sign-in-errors-resend-countdown');

  const before = await secondsLeft();
  await page.clock.runFor(10_000);
  const later = await secondsLeft();
  expect(later).toBeLessThanOrEqual(before - 10);
  expect(later).toBeGreaterThanOrEqual(before - 11);
  expect(await countdown.isDisabled()).toBe(true);

  await page.clock.runFor(later * 1000);
  await page.getByRole('button', { name: 'Resend', exact: true }).waitFor();
  expect(await countdown.isDisabled()).toBe(false);

  // A resend replaces the code: the first one is refused, the new one signs in.
  const newCode = await readSignInCode(sandboxUrl, email, since);
  if (newCode !== firstCode) {
    const refused = nextAnswer(page, 'POST', '/auth/verify');
    await enterCode(page, firstCode);
    expect((await refused).status()).toBe(401);
    await toast(page, 'Invalid or expired code. Please try again.');
  }
  await enterCode(page, newCode);
  await expectDashboard(page);
});

test('a missing CSRF cookie at login makes the service refuse (403) and the page reload; then it works', async () => {
  const page = await browser.context.newPage();
  const email = freshEmail('csrf-login');
  // The screen fetches its token once it knows nobody is signed in. Wait for it: a Continue
  // made before would fetch the token (and a fresh cookie) itself, and nothing would be stale.
  const tokenFetched = nextAnswer(page, 'GET', '/auth/csrf-token');
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to OutSync' }).waitFor();
  await tokenFetched;
  await page.getByLabel('Email').fill(email);
  // As if the browser session that holds the cookie had ended with the page still open.
  await browser.context.clearCookies({ name: 'outsync.csrf' });

  // The page reloads on the answer, which takes its body with it: read it on the way through.
  // Once only: unrouting after the reload raced the reloaded page's first request, which then
  // hung (the page stayed blank in about one run in four).
  let refusal: { status: number; body: unknown } | undefined;
  await page.route(
    '**/auth/code',
    async (route) => {
      const response = await route.fetch();
      refusal = { status: response.status(), body: await response.json() };
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  const reloaded = page.waitForEvent('load');
  await continueButton(page).click();
  await reloaded;
  expect(refusal).toEqual({ status: 403, body: serviceErrors.csrfInvalid });

  // A fresh page: a fresh token and cookie, the field empty, no toast of the refusal.
  await page.getByRole('heading', { level: 1, name: 'Sign in to OutSync' }).waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe('');
  expect(await page.getByText(serviceErrors.csrfInvalid.message).count()).toBe(0);
  await expectAccessible(page);

  await page.getByLabel('Email').fill(email);
  const sent = nextAnswer(page, 'POST', '/auth/code');
  await continueButton(page).click();
  expect((await sent).status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: 'Verify Your Identity' }).waitFor();
});

test('on /verify a missing kept token, then a stale CSRF cookie, each renew the token in place', async () => {
  const page = await browser.context.newPage();
  const verifyCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/auth/verify') verifyCalls.push(request.method());
  });
  const email = freshEmail('csrf-verify');
  const code = await loginUpToVerify(page, email, 'sign-in-errors-csrf-verify');

  // No kept token (spec 01 §5): the browser session lost it; the page opens again without it.
  await page.evaluate(() => sessionStorage.removeItem('outsync.signIn.csrfToken'));
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Verify Your Identity' }).waitFor();
  const fetched = nextAnswer(page, 'GET', '/auth/csrf-token');
  await enterCode(page, code);
  expect((await toast(page, 'Your session has expired. Refreshing...')).severity).toBe('warn');
  expect((await fetched).status()).toBe(200);
  expect((await toast(page, 'Please try again.')).severity).toBe('info');
  expect(verifyCalls).toEqual([]);
  expect(
    await page.evaluate(() => sessionStorage.getItem('outsync.signIn.csrfToken')),
  ).toBeTruthy();
  await expectAccessible(page);
  await screenshot(page, 'sign-in-errors-csrf-verify-renewed');

  // A stale token: the cookie is gone, so the service refuses the kept token.
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByText('Please try again.', { exact: true })
    .waitFor({ state: 'detached' });
  await browser.context.clearCookies({ name: 'outsync.csrf' });
  const refused = nextAnswer(page, 'POST', '/auth/verify');
  const renewed = nextAnswer(page, 'GET', '/auth/csrf-token');
  await continueButton(page).click();
  const answer = await refused;
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toEqual(serviceErrors.csrfInvalid);
  expect((await toast(page, 'Your session has expired. Refreshing...')).severity).toBe('warn');
  expect((await renewed).status()).toBe(200);
  expect((await toast(page, 'Please try again.')).severity).toBe('info');
  expect(await page.getByText(serviceErrors.csrfInvalid.message).count()).toBe(0);
  expect(verifyCalls).toEqual(['POST']);

  // The typed code is still there: Continue now signs in.
  await continueButton(page).click();
  await expectDashboard(page);
});

test("a rate-limited send (429) shows the server's own message", async () => {
  const page = await browser.context.newPage();
  const email = freshEmail('rate-limited');
  // The service allows 5 codes an hour per address: spend them as the API client would.
  const request = browser.context.request;
  const { csrfToken } = (await (await request.get(`${baseUrl}/auth/csrf-token`)).json()) as {
    csrfToken: string;
  };
  for (let sent = 0; sent < 5; sent += 1) {
    const answer = await request.post(`${baseUrl}/auth/code`, {
      data: { email },
      headers: { 'X-CSRF-Token': csrfToken },
    });
    expect(answer.status()).toBe(200);
  }

  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to OutSync' }).waitFor();
  await page.getByLabel('Email').fill(email);
  const limited = nextAnswer(page, 'POST', '/auth/code');
  await continueButton(page).click();

  const answer = await limited;
  expect(answer.status()).toBe(429);
  const envelope = (await answer.json()) as {
    message: string;
    code: string;
    details: { retryAfterSeconds: number };
  };
  expect(envelope.code).toBe('rate_limited');
  expect(envelope.message).toMatch(rateLimitedMessage);
  expect(answer.headers()['retry-after']).toBe(String(envelope.details.retryAfterSeconds));
  expect((await toast(page, envelope.message)).severity).toBe('error');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await continueButton(page).isEnabled()).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'sign-in-errors-rate-limited');
});
