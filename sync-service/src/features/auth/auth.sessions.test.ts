// Sign-in end to end (set-up in auth.test-support.ts): sessions and their cookies, logout,
// and the current user per role.
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  ADMIN,
  HOUR,
  app,
  clock,
  useAuthApp,
  Browser,
  signIn,
  currentUser,
} from './auth.test-support';

guardOutboundCalls();

useAuthApp();

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
