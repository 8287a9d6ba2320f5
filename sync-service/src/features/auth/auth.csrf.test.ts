// Sign-in end to end (set-up in auth.test-support.ts): the CSRF token, its cookie and where
// it is asked for.
import { guardOutboundCalls } from '../../testing/nock-guard';
import { app, useAuthApp, Browser } from './auth.test-support';

guardOutboundCalls();

useAuthApp();

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
