// Sign-in end to end (set-up in auth.test-support.ts): an app without a trusted proxy and with
// its SMTP server down.
import { guardOutboundCalls } from '../../testing/nock-guard';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { closedPort } from '../../testing/test-support';
import { clock, useAuthApp, Browser } from './auth.test-support';

guardOutboundCalls();

useAuthApp();

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
