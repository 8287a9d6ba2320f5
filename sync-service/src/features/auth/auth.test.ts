import { startSandbox, type RunningSandbox } from '@outsync/sandbox';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { closedPort } from '../../testing/test-support';

// Sign-in end to end: the real app on this file's database (embedded MongoDB, or MONGODB_URI),
// codes read from the app's in-memory mailbox (and, in one test, e-mailed over SMTP to the
// sandbox mailbox), cookies handled by hand. The clock is injected and moved; each test starts
// a day later, so rate-limit windows never carry over.

const ADMIN = 'boss@outsync.test';
const PAID_DOMAIN = '@paying.test';
const HOUR = 3600;

let app: TestApp;
let nowMs = Date.UTC(2030, 0, 1, 0, 0, 0);
let ipCounter = 0;

const clock = {
  now: () => new Date(nowMs),
  /** Moves the clock forward. */
  advance(seconds: number) {
    nowMs += seconds * 1000;
  },
  /** Sets minutes and seconds within the current hour. */
  atMinute(minute: number, second = 0) {
    nowMs = Math.floor(nowMs / 3_600_000) * 3_600_000 + (minute * 60 + second) * 1000;
  },
};

/** The environment of the main app: behind a trusted proxy, so each Browser has its own IP. */
const APP_ENV = {
  TRUST_PROXY: 'true',
  ADMIN_EMAILS: ADMIN,
  PAID_TIER_EMAILS: `vip@outsync.test,${PAID_DOMAIN}`,
};

guardOutboundCalls();

beforeAll(async () => {
  app = await startTestApp({ now: clock.now, env: APP_ENV });
});

afterAll(async () => {
  await app?.stop();
});

beforeEach(() => {
  clock.advance(24 * HOUR);
  clock.atMinute(0);
});

describe('CSRF token', () => {
  it('answers a token and sets it as an HttpOnly, SameSite=Lax browser-session cookie', async () => {
    const browser = new Browser();
    const response = await browser.send('GET', '/auth/csrf-token');

    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.getSetCookie()).toEqual([
      `outsync.csrf=${csrfToken}; Path=/; HttpOnly; SameSite=Lax`,
    ]);
  });

  it('gives a browser that already has a token the same one (several tabs)', async () => {
    const browser = new Browser();
    const first = await browser.csrf();

    const again = await browser.send('GET', '/auth/csrf-token');
    expect(await again.json()).toEqual({ csrfToken: first });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a state-changing request without the token, with a wrong one, or without the cookie', async () => {
    const browser = new Browser();
    const token = await browser.csrf();
    const body = { email: 'csrf@outsync.test' };
    const expected = {
      code: 'csrf_invalid',
      message: 'Your session has expired. Refresh the page and try again.',
    };

    const missing = await browser.send('POST', '/auth/code', { body, csrf: null });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual(expected);

    const wrong = await browser.send('POST', '/auth/code', { body, csrf: `${token.slice(1)}x` });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual(expected);

    const noCookie = await new Browser().send('POST', '/auth/code', { body, csrf: token });
    expect(noCookie.status).toBe(403);

    for (const [method, path] of [
      ['POST', '/auth/verify'],
      ['DELETE', '/auth/logout'],
    ] as const) {
      const response = await browser.send(method, path, { body: {}, csrf: null });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(expected);
    }
    expect(app.mailbox.to('csrf@outsync.test')).toEqual([]);
  });

  it('does not ask the webhook receiver paths for a token', async () => {
    const response = await new Browser().send('POST', '/webhooks/abc123', {
      body: {},
      csrf: null,
    });
    expect(response.status).toBe(404);
  });
});

describe('sign-in over SMTP', () => {
  let sandbox: RunningSandbox;
  let smtpApp: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', seed: false });
    smtpApp = await startTestApp({
      now: clock.now,
      smtp: true,
      env: { ...APP_ENV, SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort}` },
    });
  });

  afterAll(async () => {
    await smtpApp?.stop();
    await sandbox?.stop();
  });

  /** Newest first. */
  async function sandboxMessages(to: string): Promise<MailboxMessage[]> {
    // The sandbox names itself localhost, which may resolve to ::1; it listens on 127.0.0.1.
    const base = sandbox.url.replace('//localhost:', '//127.0.0.1:');
    const response = await fetch(`${base}/mailbox/messages?to=${encodeURIComponent(to)}`);
    return (await response.json()) as MailboxMessage[];
  }

  it('e-mails a code over SMTP, verifies it and starts a browser-session', async () => {
    const browser = new Browser({}, smtpApp.url);
    await browser.csrf();
    const sent = await browser.send('POST', '/auth/code', {
      body: { email: '  Ada.Lovelace@Example.COM ' },
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true, message: 'Code sent. Check your email.' });

    const [mail] = await sandboxMessages('ada.lovelace@example.com');
    expect(mail).toMatchObject({
      from: expect.stringContaining('sign-in@outsync.local'),
      subject: 'Your OutSync sign-in code',
    });
    const code = codeIn(mail!.text);
    expect(mail!.text).toContain(`Your OutSync sign-in code is ${code}`);
    expect(mail!.text).toContain('valid for 10 minutes');
    expect(mail!.html).toContain(code);
    expect(mail!.html).toContain('OutSync');

    const verified = await browser.send('POST', '/auth/verify', {
      body: { email: 'ada.lovelace@example.com', code, rememberMe: false },
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({
      success: true,
      redirectUrl: '/admin/dashboard/webhooks',
      message: 'Signed in.',
    });
    const sessionCookie = verified.headers.getSetCookie();
    expect(sessionCookie).toEqual([
      expect.stringMatching(/^outsync\.sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);

    const me = await browser.send('GET', '/api/admin/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      role: null,
      isAdmin: false,
      isManager: false,
      isManagerOrAdmin: false,
      isPaidTier: false,
      userProfiles: [],
      details: {
        nickname: 'ada.lovelace',
        email: 'ada.lovelace@example.com',
        picture: expect.stringMatching(/^data:image\/svg\+xml,/),
      },
      redirectUrl: '/admin/dashboard/webhooks',
    });

    // Neither the code nor the session token reaches the logs.
    const token = browser.cookie('outsync.sid')!;
    const logs = JSON.stringify(smtpApp.lines);
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(token);
  });
});

describe('sign-in', () => {
  it('creates one account per address, whatever its case', async () => {
    const first = await signIn('Grace@Example.com');
    const second = await signIn('grace@example.com');

    const a = (await (await first.send('GET', '/api/admin/me')).json()) as { id: string };
    const b = (await (await second.send('GET', '/api/admin/me')).json()) as { id: string };
    expect(a.id).toBe(b.id);
  });

  it('draws an initials avatar whose colour depends on the address', async () => {
    const me = await currentUser(await signIn('jane.doe@example.com'));
    const svg = decodeURIComponent(me.details.picture.replace('data:image/svg+xml,', ''));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('>JD</text>');

    const other = await currentUser(await signIn('jane.doe@example.org'));
    expect(other.details.picture).not.toBe(me.details.picture);
  });
});

describe('codes', () => {
  it('expire after 10 minutes', async () => {
    const browser = new Browser();
    const code = await browser.requestCode('late@outsync.test');

    clock.advance(10 * 60 + 1);
    const late = await browser.verify('late@outsync.test', code);
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({
      code: 'invalid_code',
      message: 'Invalid or expired code. Please try again.',
    });
  });

  it('work until the 10 minutes are over', async () => {
    const browser = new Browser();
    const code = await browser.requestCode('just-in-time@outsync.test');

    clock.advance(10 * 60 - 1);
    expect((await browser.verify('just-in-time@outsync.test', code)).status).toBe(200);
  });

  it('work once', async () => {
    const browser = new Browser();
    const code = await browser.requestCode('once@outsync.test');
    expect((await browser.verify('once@outsync.test', code)).status).toBe(200);

    const again = await new Browser().verify('once@outsync.test', code);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('die after 5 wrong tries: then even the right code fails', async () => {
    const browser = new Browser();
    const code = await browser.requestCode('guessed@outsync.test');
    const wrong = code === '000000' ? '000001' : '000000';

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await browser.verify('guessed@outsync.test', wrong);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: 'invalid_code',
        message: 'Invalid or expired code. Please try again.',
      });
    }
    const right = await browser.verify('guessed@outsync.test', code);
    expect(right.status).toBe(401);
    expect(await right.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('survive 4 wrong tries', async () => {
    const browser = new Browser();
    const code = await browser.requestCode('clumsy@outsync.test');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await browser.verify('clumsy@outsync.test', wrong)).status).toBe(401);
    }
    expect((await browser.verify('clumsy@outsync.test', code)).status).toBe(200);
  });

  it('are replaced by a resend: only the newest one works', async () => {
    const browser = new Browser();
    let first = await browser.requestCode('resend@outsync.test');
    let second = await browser.requestCode('resend@outsync.test');
    // One time in a million the two codes are equal; ask once more then.
    if (second === first) second = await browser.requestCode('resend@outsync.test');
    first = first === second ? '' : first;

    if (first) expect((await browser.verify('resend@outsync.test', first)).status).toBe(401);
    expect((await browser.verify('resend@outsync.test', second)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('allow 5 codes per e-mail per hour, resends included, with Retry-After', async () => {
    clock.atMinute(48);
    const email = 'many-codes@outsync.test';
    for (let sent = 1; sent <= 5; sent += 1) {
      // Another address each time: the e-mail limit, not the IP limit, is what stops it.
      expect(
        (await (await browserWithCsrf()).send('POST', '/auth/code', { body: { email } })).status,
      ).toBe(200);
    }

    const refused = await (await browserWithCsrf()).send('POST', '/auth/code', { body: { email } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('720');
    expect(await refused.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 12 minutes.',
      details: { retryAfterSeconds: 720 },
    });
    expect(app.mailbox.to(email)).toHaveLength(5);

    clock.advance(720);
    expect(
      (await (await browserWithCsrf()).send('POST', '/auth/code', { body: { email } })).status,
    ).toBe(200);
  });

  it('allow 20 codes per IP address per hour', async () => {
    clock.atMinute(59, 30);
    const browser = new Browser();
    await browser.csrf();
    for (let sent = 1; sent <= 20; sent += 1) {
      const response = await browser.send('POST', '/auth/code', {
        body: { email: `ip-sender-${sent}@outsync.test` },
      });
      expect(response.status).toBe(200);
    }

    const refused = await browser.send('POST', '/auth/code', {
      body: { email: 'ip-sender-21@outsync.test' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 30 seconds.',
    });
    // The refused request did not use up the e-mail's own allowance.
    expect(
      (
        await (
          await browserWithCsrf()
        ).send('POST', '/auth/code', {
          body: { email: 'ip-sender-21@outsync.test' },
        })
      ).status,
    ).toBe(200);
  });

  it('count the address the proxy saw, not one the client put in X-Forwarded-For', async () => {
    for (let sent = 1; sent <= 21; sent += 1) {
      const browser = new Browser({ 'x-forwarded-for': `198.51.100.${sent}, 10.200.0.1` });
      await browser.csrf();
      const response = await browser.send('POST', '/auth/code', {
        body: { email: `forger-${sent}@outsync.test` },
      });
      expect(response.status).toBe(sent <= 20 ? 200 : 429);
    }
  });

  it('allow 10 verify attempts per e-mail per hour, even with the right code after that', async () => {
    const email = 'verify-limit@outsync.test';
    const code = await new Browser().requestCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      // Each code dies after 5 wrong tries, so send a fresh one half way.
      if (attempt === 6) await new Browser().requestCode(email);
      expect((await new Browser().verify(email, wrong)).status).toBe(401);
    }
    const fresh = await new Browser().requestCode(email);

    const refused = await new Browser().verify(email, fresh);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(HOUR));
    expect(await refused.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 60 minutes.',
      details: { retryAfterSeconds: HOUR },
    });
  });

  it('allow 30 verify attempts per IP address per hour', async () => {
    const browser = new Browser();
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await browser.verify(`ip-guesser-${attempt}@outsync.test`, '123456');
      expect(response.status).toBe(401);
    }
    const refused = await browser.verify('ip-guesser-31@outsync.test', '123456');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('sessions', () => {
  it('without "remember me": a browser-session cookie the server honours for 12 hours', async () => {
    const browser = await signIn('short@outsync.test', { rememberMe: false });
    expect(browser.lastSetCookie).not.toContain('Max-Age');

    clock.advance(12 * HOUR - 1);
    expect((await browser.send('GET', '/api/admin/me')).status).toBe(200);
    clock.advance(2);
    const expired = await browser.send('GET', '/api/admin/me');
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ code: 'unauthorized', message: 'Please sign in.' });
  });

  it('with "remember me": a 30-day cookie and a 30-day session', async () => {
    const browser = await signIn('long@outsync.test', { rememberMe: true });
    expect(browser.lastSetCookie).toMatch(
      /^outsync\.sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );

    clock.advance(30 * 24 * HOUR - 1);
    expect((await browser.send('GET', '/api/admin/me')).status).toBe(200);
    clock.advance(2);
    expect((await browser.send('GET', '/api/admin/me')).status).toBe(401);
  });

  it('marks cookies Secure behind https when the proxy is trusted', async () => {
    const browser = new Browser({ 'x-forwarded-proto': 'https' });
    const csrf = await browser.send('GET', '/auth/csrf-token');
    expect(csrf.headers.getSetCookie()[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);

    await browser.csrf();
    const code = await browser.requestCode('secure@outsync.test');
    const verified = await browser.verify('secure@outsync.test', code, true);
    expect(verified.headers.getSetCookie()[0]).toMatch(
      /; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
    );
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    const none = await new Browser().send('GET', '/api/admin/me');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 'unauthorized', message: 'Please sign in.' });

    const forged = new Browser();
    forged.cookies.set('outsync.sid', 'x'.repeat(43));
    expect((await forged.send('GET', '/api/admin/me')).status).toBe(401);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const browser = await signIn('leaving@outsync.test');
    const token = browser.cookie('outsync.sid')!;

    const response = await browser.send('DELETE', '/auth/logout');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectUrl: '/' });
    expect(response.headers.getSetCookie()).toEqual([
      'outsync.sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    ]);

    // A copy of the old cookie no longer works: the session is gone on the server.
    const replay = new Browser();
    replay.cookies.set('outsync.sid', token);
    expect((await replay.send('GET', '/api/admin/me')).status).toBe(401);
  });

  it('logout without a session still answers the redirect', async () => {
    const browser = new Browser();
    await browser.csrf();
    const response = await browser.send('DELETE', '/auth/logout');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectUrl: '/' });
  });

  it('signing in again in the same browser ends its previous session', async () => {
    const browser = await signIn('twice@outsync.test');
    const old = browser.cookie('outsync.sid')!;
    const code = await browser.requestCode('twice@outsync.test');
    expect((await browser.verify('twice@outsync.test', code)).status).toBe(200);

    const replay = new Browser();
    replay.cookies.set('outsync.sid', old);
    expect((await replay.send('GET', '/api/admin/me')).status).toBe(401);
    expect((await browser.send('GET', '/api/admin/me')).status).toBe(200);
  });
});

describe('current user per role', () => {
  it('admin from ADMIN_EMAILS', async () => {
    const me = await currentUser(await signIn(ADMIN));
    expect(me).toMatchObject({
      role: 'ADMIN',
      isAdmin: true,
      isManager: false,
      isManagerOrAdmin: true,
      isPaidTier: false,
      details: { nickname: 'boss', email: ADMIN },
    });
  });

  it('manager (role set in the users collection until the Users screen lands)', async () => {
    await signIn('lead@outsync.test');
    await app.models.users.updateOne({ email: 'lead@outsync.test' }, { $set: { role: 'MANAGER' } });
    const me = await currentUser(await signIn('lead@outsync.test'));
    expect(me).toMatchObject({
      role: 'MANAGER',
      isAdmin: false,
      isManager: true,
      isManagerOrAdmin: true,
    });
  });

  it('customer user: no role', async () => {
    const me = await currentUser(await signIn('customer@outsync.test'));
    expect(me).toMatchObject({
      role: null,
      isAdmin: false,
      isManager: false,
      isManagerOrAdmin: false,
      userProfiles: [],
    });
  });

  it('paid tier from PAID_TIER_EMAILS, by address or by @domain', async () => {
    expect((await currentUser(await signIn('vip@outsync.test'))).isPaidTier).toBe(true);
    expect((await currentUser(await signIn('anyone@paying.test'))).isPaidTier).toBe(true);
    expect((await currentUser(await signIn('someone@notpaying.test'))).isPaidTier).toBe(false);
  });
});

describe('without a trusted proxy, and with the SMTP server down', () => {
  let plain: TestApp;

  beforeAll(async () => {
    plain = await startTestApp({
      now: clock.now,
      smtp: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
  });

  afterAll(async () => {
    await plain?.stop();
  });

  it('ignores X-Forwarded-Proto: no Secure flag over plain http', async () => {
    const browser = new Browser({ 'x-forwarded-proto': 'https' }, plain.url);
    const response = await browser.send('GET', '/auth/csrf-token');
    expect(response.headers.getSetCookie()[0]).not.toContain('Secure');
  });

  it("ignores X-Forwarded-For: the rate limits count the connection's address", async () => {
    for (let sent = 1; sent <= 21; sent += 1) {
      const browser = new Browser({ 'x-forwarded-for': `198.51.100.${sent}` }, plain.url);
      await browser.csrf();
      const response = await browser.send('POST', '/auth/code', {
        body: { email: `direct-${sent}@outsync.test` },
      });
      // The SMTP server is down (502), but each request counted against 127.0.0.1.
      expect(response.status).toBe(sent <= 20 ? 502 : 429);
    }
  });

  it('answers 502 mail_failed when the code cannot be e-mailed', async () => {
    const browser = new Browser({}, plain.url);
    await browser.csrf();
    const response = await browser.send('POST', '/auth/code', {
      body: { email: 'unlucky@outsync.test' },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      code: 'mail_failed',
      message: 'Failed to send code. Please try again.',
    });
  });
});

// --- helpers ---------------------------------------------------------------------------

type SendOptions = {
  body?: unknown;
  /** The X-CSRF-Token header: the browser's token by default, null for none. */
  csrf?: string | null;
};

/** A browser: keeps cookies, has its own IP address (X-Forwarded-For, trusted in this service). */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  lastSetCookie = '';

  constructor(
    private readonly headers: Record<string, string> = {},
    private readonly baseUrl?: string,
  ) {
    ipCounter += 1;
    this.ip = `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async send(method: string, path: string, options: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...this.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = options.csrf === undefined ? this.cookies.get('outsync.csrf') : options.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl ?? app.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    for (const line of response.headers.getSetCookie()) {
      this.lastSetCookie = line;
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /Max-Age=0(;|$)/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Fetches the CSRF token (once per browser) and returns it. */
  async csrf(): Promise<string> {
    const existing = this.cookies.get('outsync.csrf');
    if (existing) return existing;
    const response = await this.send('GET', '/auth/csrf-token');
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** Asks for a code and reads it from the app's mailbox. */
  async requestCode(email: string): Promise<string> {
    await this.csrf();
    const before = app.mailbox.to(email).length;
    const response = await this.send('POST', '/auth/code', { body: { email } });
    if (response.status !== 200) {
      throw new Error(`sending a code failed: ${response.status} ${await response.text()}`);
    }
    const messages = app.mailbox.to(email);
    if (messages.length !== before + 1) throw new Error('the code e-mail did not arrive');
    return codeIn(messages[0]!.text);
  }

  async verify(email: string, code: string, rememberMe = false): Promise<Response> {
    await this.csrf();
    return this.send('POST', '/auth/verify', { body: { email, code, rememberMe } });
  }
}

async function browserWithCsrf(): Promise<Browser> {
  const browser = new Browser();
  await browser.csrf();
  return browser;
}

async function signIn(email: string, options: { rememberMe?: boolean } = {}): Promise<Browser> {
  const browser = new Browser();
  const code = await browser.requestCode(email);
  const response = await browser.verify(email, code, options.rememberMe ?? false);
  if (response.status !== 200) throw new Error(`sign-in failed: ${await response.text()}`);
  return browser;
}

type Me = {
  id: string;
  role: string | null;
  isPaidTier: boolean;
  details: { nickname: string; email: string; picture: string };
};

async function currentUser(browser: Browser): Promise<Me> {
  const response = await browser.send('GET', '/api/admin/me');
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

type MailboxMessage = { to: string[]; from: string; subject: string; text: string; html: string };

function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}
