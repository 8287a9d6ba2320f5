// Shared set-up for the sign-in tests (auth.*.test.ts): the real app on the file's database
// (embedded MongoDB, or MONGODB_URI), codes read from the app's in-memory mailbox, cookies
// handled by hand by a Browser. The clock is injected and moved; each test starts a day later,
// so rate-limit windows never carry over. Each test file calls useAuthApp() once.
import { startTestApp, type TestApp } from '../../testing/test-app';

export const ADMIN = 'boss@outsync.test';
export const PAID_DOMAIN = '@paying.test';
export const HOUR = 3600;

export let app: TestApp;
let nowMs = Date.UTC(2030, 0, 1, 0, 0, 0);
let ipCounter = 0;

export const clock = {
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
export const APP_ENV = {
  TRUST_PROXY: 'true',
  ADMIN_EMAILS: ADMIN,
  PAID_TIER_EMAILS: `vip@outsync.test,${PAID_DOMAIN}`,
};

/** Registers the file's hooks: the app started before its tests, the clock moved before each. */
export function useAuthApp(): void {
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
}

type SendOptions = {
  body?: unknown;
  /** The X-CSRF-Token header: the browser's token by default, null for none. */
  csrf?: string | null;
};

/** A browser: keeps cookies, has its own IP address (X-Forwarded-For, trusted in this service). */
export class Browser {
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

export async function browserWithCsrf(): Promise<Browser> {
  const browser = new Browser();
  await browser.csrf();
  return browser;
}

export async function signIn(
  email: string,
  options: { rememberMe?: boolean } = {},
): Promise<Browser> {
  const browser = new Browser();
  const code = await browser.requestCode(email);
  const response = await browser.verify(email, code, options.rememberMe ?? false);
  if (response.status !== 200) throw new Error(`sign-in failed: ${await response.text()}`);
  return browser;
}

export type Me = {
  id: string;
  role: string | null;
  isPaidTier: boolean;
  details: { nickname: string; email: string; picture: string };
};

export async function currentUser(browser: Browser): Promise<Me> {
  const response = await browser.send('GET', '/api/admin/me');
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

export type MailboxMessage = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
};

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}
