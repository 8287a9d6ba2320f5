// Sign-in end to end (set-up in auth.test-support.ts): a code e-mailed over SMTP to the
// sandbox mailbox, one account per address, and the codes' lifetime, tries and resends.
import { startSandbox, type RunningSandbox } from '@outsync/sandbox';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { startTestApp, type TestApp } from '../../testing/test-app';
import {
  clock,
  APP_ENV,
  useAuthApp,
  Browser,
  signIn,
  currentUser,
  type MailboxMessage,
  codeIn,
} from './auth.test-support';

guardOutboundCalls();

useAuthApp();

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
