// Sign-in end to end (set-up in auth.test-support.ts): the rate limits on codes and verify
// attempts, per e-mail and per IP address.
import { guardOutboundCalls } from '../../testing/nock-guard';
import { HOUR, app, clock, useAuthApp, Browser, browserWithCsrf } from './auth.test-support';

guardOutboundCalls();

useAuthApp();

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
