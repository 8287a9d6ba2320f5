import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { createSecretBox } from '../platform/secrets';
import { UnsafeUrlError } from '../platform/safe-fetch';
import { buildUser } from './factories';
import { guardOutboundCalls } from './nock-guard';
import { startTestApp, TEST_SECRETS_KEY, type TestApp } from './test-app';

guardOutboundCalls();

let app: TestApp;
let local: Server;
let localPort: number;

beforeAll(async () => {
  local = createServer((_request, response) => response.end('from a local fake'));
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  localPort = (local.address() as AddressInfo).port;
  app = await startTestApp({
    env: { ADMIN_EMAILS: 'boss@outsync.test', OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${localPort}` },
    dns: { 'internal.test': ['10.0.0.5'] },
  });
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => local?.close(resolve));
});

type Me = { id: string; role: string | null; isPaidTier: boolean; details: { email: string } };

describe('startTestApp', () => {
  it('serves the real app on 127.0.0.1 against this file’s own database', async () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(app.db.connection.name).toMatch(/^outsync-test-\d+-\d+/);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it('has a fixed secrets key', () => {
    const sealed = createSecretBox(TEST_SECRETS_KEY).seal('pat-na1-abc');
    expect(app.secrets.open(sealed)).toBe('pat-na1-abc');
  });

  it('keeps what the app e-mails, with the sender', async () => {
    const client = app.asAnonymous();
    const response = await client.post('/auth/code', { email: 'Mail.Me@Outsync.test' });

    expect(response.status).toBe(200);
    const [mail] = app.mailbox.to('mail.me@outsync.test');
    expect(mail).toMatchObject({
      from: 'OutSync <sign-in@outsync.local>',
      subject: 'Your OutSync sign-in code',
    });
    expect(app.mailbox.lastCode('mail.me@outsync.test')).toMatch(/^\d{6}$/);
  });
});

describe('clients', () => {
  it('anonymous: no session, but a CSRF token for state-changing calls', async () => {
    const client = app.asAnonymous();
    const me = await client.get('/api/admin/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ code: 'unauthorized', message: 'Please sign in.' });

    const logout = await client.delete('/auth/logout');
    expect(logout.status).toBe(200);
    expect(client.cookie('outsync.csrf')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signed in: a customer by default, with no-store answers', async () => {
    const client = await app.signIn({ email: 'Customer@Outsync.test' });
    const me = await client.get<Me>('/api/admin/me');

    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.body).toMatchObject({
      role: null,
      isPaidTier: false,
      details: { email: 'customer@outsync.test' },
    });
  });

  it('signed in with a role and the paid tier, reusing the user document', async () => {
    const user = await buildUser(app.db, { email: 'lead@outsync.test' });
    const manager = await app.signIn({
      email: 'lead@outsync.test',
      role: 'MANAGER',
      isPaidTier: true,
    });
    const me = (await manager.get<Me>('/api/admin/me')).body;
    expect(me).toMatchObject({ id: user._id.toString(), role: 'MANAGER', isPaidTier: true });

    // Omitted fields stay as they are.
    const again = await app.signIn({ email: 'lead@outsync.test' });
    expect((await again.get<Me>('/api/admin/me')).body).toMatchObject({
      id: user._id.toString(),
      role: 'MANAGER',
      isPaidTier: true,
    });
    const admin = await app.signIn({ email: 'chief@outsync.test', role: 'ADMIN' });
    expect((await admin.get<Me>('/api/admin/me')).body.role).toBe('ADMIN');
  });

  it('signed in through the real sign-in: ADMIN_EMAILS still grants, sessions are real', async () => {
    const boss = await app.signIn({ email: 'boss@outsync.test' });
    expect((await boss.get<Me>('/api/admin/me')).body.role).toBe('ADMIN');

    const logout = await boss.delete('/auth/logout');
    expect(logout.status).toBe(200);
    expect(boss.cookie('outsync.sid')).toBeUndefined();
    expect((await boss.get('/api/admin/me')).status).toBe(401);
    // The harness's codes go to a mailbox of their own, not the app's.
    expect(app.mailbox.to('boss@outsync.test')).toEqual([]);
  });

  it('signs in as often as a test likes: the sign-in rate limits do not apply', async () => {
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const client = await app.signIn({ email: 'often@outsync.test' });
      expect((await client.get('/api/admin/me')).status).toBe(200);
    }
  });

  it('keeps its CSRF token: a request with a wrong one is refused', async () => {
    const client = await app.signIn({ email: 'csrf@outsync.test' });
    const refused = await client.delete('/auth/logout', undefined, {
      'x-csrf-token': 'x'.repeat(43),
    });
    expect(refused.status).toBe(403);
    expect((await client.get('/api/admin/me')).status).toBe(200);
  });
});

describe('buildUser', () => {
  it('inserts users with unique e-mails', async () => {
    const [a, b] = [await buildUser(app.db), await buildUser(app.db, { role: 'ADMIN' })];
    expect(a.email).not.toBe(b.email);
    expect(a).toMatchObject({ role: null, isPaidTier: false });
    expect(b.role).toBe('ADMIN');
    expect(await app.models.users.countDocuments({ email: { $in: [a.email, b.email] } })).toBe(2);
  });
});

describe('safe-fetch in the test app', () => {
  it('reaches nock for public names, and allow-listed local servers only', async () => {
    nock('https://api.hubapi.com').get('/crm/v3/owners').reply(200, { results: [] });

    const hubspot = await app.safeFetch('https://api.hubapi.com/crm/v3/owners');
    expect(await hubspot.json()).toEqual({ results: [] });
    expect(await (await app.safeFetch(`http://127.0.0.1:${localPort}/`)).text()).toBe(
      'from a local fake',
    );
    await expect(app.safeFetch(`http://127.0.0.1:${localPort + 1}/`)).rejects.toThrow(
      UnsafeUrlError,
    );
    await expect(app.safeFetch('https://internal.test/')).rejects.toThrow(
      'The address 10.0.0.5 of internal.test is private; OutSync does not call private addresses.',
    );
  });
});

describe('a second app in the same file', () => {
  it('shares the file’s database', async () => {
    const user = await buildUser(app.db);
    const second = await startTestApp();
    try {
      expect(second.db.connection.name).toBe(app.db.connection.name);
      expect(await second.models.users.findOne({ email: user.email }).lean()).toMatchObject({
        email: user.email,
      });
    } finally {
      await second.stop();
    }
    // Stopping it did not drop the database the first app still uses.
    expect(await app.models.users.countDocuments({ email: user.email })).toBe(1);
  });
});
