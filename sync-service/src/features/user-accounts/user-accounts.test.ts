import { createHmac } from 'node:crypto';
import { startSandbox, type RunningSandbox } from '@outsync/sandbox';
import type { UserAccount } from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { buildUserAccount } from '../../testing/account-factories';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { buildProfile } from '../../testing/profile-factories';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';
import { closedPort } from '../../testing/test-support';
import type { SessionUser } from '../../platform/http/types';
import { createProfileRecords, profileModel, type ProfileDoc } from '../profiles';
import { createUserAccountsService, signBody, userAccountModel } from './user-accounts.service';

// Webhook endpoints end to end: the real app POSTs its signed test event to the sandbox's
// receivers (the one non-public host the outbound guard lets through).

guardOutboundCalls();

const ENDPOINTS = '/api/admin/user-accounts';

let sandbox: RunningSandbox;
let app: TestApp;

type Customer = { client: TestClient; user: SessionUser; profile: ProfileDoc };
let alice: Customer;
let bob: Customer;
let manager: TestClient;
let admin: TestClient;

type ReceivedRequest = {
  method: string;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', seed: false });
  app = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: new URL(sandbox.url).host },
    dns: { 'intranet.example.com': ['10.20.30.40'], 'hooks.example.com': ['93.184.216.34'] },
  });
  alice = await customer('alice@customer.test');
  bob = await customer('bob@other.test');
  manager = await app.signIn({ email: 'manager@outsync.test', role: 'MANAGER' });
  admin = await app.signIn({ email: 'admin@outsync.test', role: 'ADMIN' });
});

afterAll(async () => {
  await app?.stop();
  await sandbox?.stop();
});

async function customer(email: string): Promise<Customer> {
  const client = await app.signIn({ email });
  const doc = await app.models.users.findOne({ email }).lean();
  if (!doc) throw new Error('no user');
  const profile = await buildProfile(app.db, { ownerId: doc._id });
  return {
    client,
    user: { id: doc._id.toString(), email, role: null, isPaidTier: false },
    profile,
  };
}

const receiver = (name: string) => `${sandbox.url}/receiver/${name}`;

async function received(name: string): Promise<ReceivedRequest[]> {
  const response = await fetch(`${receiver(name)}/requests`);
  return (await response.json()) as ReceivedRequest[];
}

async function receiverAnswers(name: string, status: number, delayMs = 0): Promise<void> {
  const response = await fetch(`${sandbox.url}/_sandbox/receiver/${name}/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status, delayMs }),
  });
  expect(response.status).toBe(200);
}

function form(owner: Customer, overrides: Record<string, unknown> = {}) {
  return {
    url: receiver('alice'),
    description: 'CRM mirror',
    userProfileId: owner.profile._id.toString(),
    ...overrides,
  };
}

async function createEndpoint(owner: Customer, name: string, description = name) {
  const response = await owner.client.post<UserAccount>(
    ENDPOINTS,
    form(owner, { url: receiver(name), description }),
  );
  expect(response.status).toBe(201);
  return response.body;
}

describe('creating an endpoint', () => {
  it('checks the form in the spec order', async () => {
    const profileId = alice.profile._id.toString();
    const steps: Array<[Record<string, unknown>, string]> = [
      [{}, 'Select Profile'],
      [{ userProfileId: profileId }, 'Fill URL'],
      [{ userProfileId: profileId, url: '  ' }, 'Fill URL'],
      [{ userProfileId: profileId, url: 'https://x.example' }, 'Fill Description'],
      [
        { userProfileId: profileId, url: 'not a url', description: 'd' },
        'Your webhook URL is not accepting data',
      ],
      [
        { userProfileId: profileId, url: 'ftp://files.example.com/', description: 'd' },
        'Your webhook URL is not accepting data',
      ],
      [
        { userProfileId: 'abc', url: 'https://x.example', description: 'd' },
        'Expected an id (24 hexadecimal digits).',
      ],
    ];
    for (const [body, message] of steps) {
      const response = await alice.client.post<{ message: string }>(ENDPOINTS, body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect(await received('alice')).toEqual([]);
  });

  it('stores the endpoint once the URL accepted a signed test event', async () => {
    const response = await alice.client.post<UserAccount>(
      ENDPOINTS,
      form(alice, { url: `  ${receiver('alice')}  `, description: '  CRM mirror ' }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      url: receiver('alice'),
      description: 'CRM mirror',
      userProfileId: alice.profile._id.toString(),
      canDelete: true,
      validatedAt: expect.any(String),
      syncAlerts: false,
    });

    const [request, ...more] = await received('alice');
    expect(more).toEqual([]);
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(request?.rawBody ?? '') as { type: string; sentAt: string };
    expect(body.type).toBe('outsync.endpoint_check');
    expect(Number.isNaN(Date.parse(body.sentAt))).toBe(false);

    // Signed with the endpoint's own secret, which is stored sealed.
    const raw = await app.db.connection
      .collection('userAccounts')
      .findOne({ _id: new Types.ObjectId(response.body.id) });
    const secret = app.secrets.open(String(raw?.signingSecretSealed));
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(raw)).not.toContain(secret);
    const expected = createHmac('sha256', secret)
      .update(request?.rawBody ?? '')
      .digest('hex');
    expect(request?.headers['x-outsync-signature']).toBe(`sha256=${expected}`);
    expect(JSON.stringify(app.lines)).not.toContain(secret);
  });

  it('refuses a URL that does not accept data, with the reason in details', async () => {
    await receiverAnswers('broken', 500);
    const response = await alice.client.post<{
      message: string;
      details: { reason: string };
    }>(ENDPOINTS, form(alice, { url: receiver('broken') }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Your webhook URL is not accepting data');
    expect(response.body.details.reason).toBe('It answered 500 Internal Server Error.');
    expect(await received('broken')).toHaveLength(1);
    expect(
      await userAccountModel(app.db.connection).countDocuments({ url: receiver('broken') }),
    ).toBe(0);
  });

  it('does not follow a redirect: the address given is where events go', async () => {
    await receiverAnswers('moved', 302);
    const response = await alice.client.post<{ message: string; details: { reason: string } }>(
      ENDPOINTS,
      form(alice, { url: receiver('moved') }),
    );
    expect(response.status).toBe(400);
    expect(response.body.details.reason).toMatch(/redirect \(302\)/);
  });

  it('refuses private, loopback and link-local addresses without calling them', async () => {
    const port = await closedPort();
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      'http://169.254.169.254/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::1]/',
      'http://100.64.0.1/',
      'http://intranet.example.com/hook',
    ]) {
      const response = await alice.client.post<{ code: string; message: string }>(
        ENDPOINTS,
        form(alice, { url }),
      );
      expect({ url, status: response.status, code: response.body.code }).toEqual({
        url,
        status: 400,
        code: 'unsafe_url',
      });
      expect(response.body.message).not.toBe('');
    }
  });

  it("answers 404 for another customer's profile and for a manager; an admin may", async () => {
    for (const client of [bob.client, manager]) {
      const response = await client.post<{ code: string }>(ENDPOINTS, form(alice));
      expect(response.status).toBe(404);
    }
    const unknown = await alice.client.post(
      ENDPOINTS,
      form(alice, { userProfileId: new Types.ObjectId().toString() }),
    );
    expect(unknown.status).toBe(404);
    const byAdmin = await admin.post<UserAccount>(
      ENDPOINTS,
      form(alice, { url: receiver('by-admin'), description: 'Added by admin' }),
    );
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.canDelete).toBe(true);
  });

  it('gives up on a URL that does not answer in time', async () => {
    await receiverAnswers('slow', 200, 2_000);
    const service = serviceWith({ checkTimeoutMs: 300 });
    await expect(
      service.create(alice.user, form(alice, { url: receiver('slow') })),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Your webhook URL is not accepting data',
      details: { reason: 'It did not answer within 300 ms.' },
    });
  });

  it('says why a public URL could not be reached', async () => {
    const service = serviceWith({
      fetch: async () => {
        throw Object.assign(new TypeError('fetch failed'), {
          cause: { code: 'ECONNREFUSED' },
        });
      },
    });
    await expect(
      service.create(alice.user, form(alice, { url: 'https://hooks.example.com/in' })),
    ).rejects.toMatchObject({
      status: 400,
      details: { reason: 'It could not be reached (ECONNREFUSED).' },
    });
  });
});

describe('listing and deleting', () => {
  let aliceEndpoint: UserAccount;
  let bobEndpoint: UserAccount;

  beforeAll(async () => {
    aliceEndpoint = await createEndpoint(alice, 'alice-listed', 'Alice listed');
    bobEndpoint = await createEndpoint(bob, 'bob-listed', 'Bob listed');
  });

  it("lists the endpoints of the caller's own profiles", async () => {
    const response = await bob.client.get<UserAccount[]>(ENDPOINTS);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual([bobEndpoint]);
    const mine = await alice.client.get<UserAccount[]>(ENDPOINTS);
    expect(mine.body.map((endpoint) => endpoint.id)).toContain(aliceEndpoint.id);
    expect(mine.body.map((endpoint) => endpoint.id)).not.toContain(bobEndpoint.id);
  });

  it('lists staff their own endpoints only: the screen has one table', async () => {
    expect((await manager.get(ENDPOINTS)).body).toEqual([]);
    expect((await admin.get(ENDPOINTS)).body).toEqual([]);
  });

  it('deletes for the owner, answering id and description', async () => {
    const doomed = await createEndpoint(alice, 'doomed', 'Doomed');
    const response = await alice.client.delete(`${ENDPOINTS}/${doomed.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: doomed.id, description: 'Doomed' });
    expect((await alice.client.delete(`${ENDPOINTS}/${doomed.id}`)).status).toBe(404);
  });

  it('answers 404 to another customer and a manager; an admin may delete', async () => {
    const path = `${ENDPOINTS}/${aliceEndpoint.id}`;
    expect((await bob.client.delete(path)).status).toBe(404);
    expect((await manager.delete(path)).status).toBe(404);
    expect((await admin.delete(path)).status).toBe(200);
    expect((await alice.client.delete(`${ENDPOINTS}/nope`)).status).toBe(400);
  });

  it('refuses while a webhook forwards to it, and says so in the list', async () => {
    const busy = await buildUserAccount(app.db, {
      userProfileId: alice.profile._id,
      description: 'Busy',
    });
    const id = busy._id.toString();
    const service = serviceWith({
      endpointUsage: async (endpointId) => (endpointId === id ? ['webhook "Replies"'] : []),
    });
    await expect(service.remove(alice.user, id)).rejects.toMatchObject({
      status: 409,
      code: 'in_use',
      message:
        'The webhook endpoint "Busy" is still used by webhook "Replies". Remove it from it first.',
    });
    const listed = await service.list(alice.user);
    expect(listed.find((endpoint) => endpoint.id === id)?.canDelete).toBe(false);
    expect(listed.filter((endpoint) => endpoint.id !== id).every((e) => e.canDelete)).toBe(true);
  });
});

describe('sync alerts (sync.failed, sync.recovered)', () => {
  it('are off unless asked for when the endpoint is added, and must be true or false', async () => {
    const asked = await alice.client.post<UserAccount>(
      ENDPOINTS,
      form(alice, { url: receiver('alerts-on'), description: 'Alerts', syncAlerts: true }),
    );
    expect(asked.status).toBe(201);
    expect(asked.body.syncAlerts).toBe(true);
    const wrong = await alice.client.post(
      ENDPOINTS,
      form(alice, { url: receiver('alerts-bad'), syncAlerts: 'yes' }),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('syncAlerts must be true or false.');
  });

  it('are turned on and off by the owner or an admin; another customer and a manager get 404', async () => {
    const endpoint = await createEndpoint(alice, 'alerts-toggle', 'Toggle');
    const path = `${ENDPOINTS}/${endpoint.id}`;
    const on = await alice.client.patch<UserAccount>(path, { syncAlerts: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ ...endpoint, syncAlerts: true });
    expect((await bob.client.patch(path, { syncAlerts: false })).status).toBe(404);
    expect((await manager.patch(path, { syncAlerts: false })).status).toBe(404);
    const off = await admin.patch<UserAccount>(path, { syncAlerts: false });
    expect(off.status).toBe(200);
    expect(off.body.syncAlerts).toBe(false);
    const listed = await alice.client.get<UserAccount[]>(ENDPOINTS);
    expect(listed.body.find((each) => each.id === endpoint.id)?.syncAlerts).toBe(false);
    // Nothing else may change this way (the URL was checked when it was added).
    expect((await alice.client.patch(path, { url: receiver('elsewhere') })).status).toBe(400);
  });
});

describe('revealing the signing secret', () => {
  let endpoint: UserAccount;
  let testEvent: ReceivedRequest;
  const secretPath = (id: string) => `${ENDPOINTS}/${id}/signing-secret`;

  beforeAll(async () => {
    endpoint = await createEndpoint(alice, 'reveal', 'Reveal me');
    const [request, ...more] = await received('reveal');
    if (!request || more.length > 0) throw new Error('expected exactly one test event');
    testEvent = request;
  });

  it('gives the owner the secret that signed the test event, uncached', async () => {
    const response = await alice.client.get<{ signingSecret: string }>(secretPath(endpoint.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(response.body)).toEqual(['signingSecret']);
    const { signingSecret } = response.body;
    // What a customer would compute from the raw body, against what the endpoint received.
    const hex = createHmac('sha256', signingSecret).update(testEvent.rawBody).digest('hex');
    expect(testEvent.headers['x-outsync-signature']).toBe(`sha256=${hex}`);
    expect(signBody(signingSecret, testEvent.rawBody)).toBe(`sha256=${hex}`);
    // The same secret on every reveal; the list never carries it.
    expect((await alice.client.get(secretPath(endpoint.id))).body).toEqual(response.body);
    expect(JSON.stringify((await alice.client.get(ENDPOINTS)).body)).not.toContain(signingSecret);
  });

  it('audits each reveal without the value, which no log line carries', async () => {
    const response = await alice.client.get<{ signingSecret: string }>(secretPath(endpoint.id));
    expect(response.status).toBe(200);
    const audit = app.lines.filter(
      (line) => line.audit === 'endpoint_secret_revealed' && line.userAccountId === endpoint.id,
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0]).toMatchObject({
      userId: alice.user.id,
      userProfileId: alice.profile._id.toString(),
      byOwner: true,
      msg: 'Webhook endpoint signing secret revealed to its owner',
    });
    expect(JSON.stringify(app.lines)).not.toContain(response.body.signingSecret);
  });

  it('answers 404 to another customer and a read-only manager; an admin may manage it', async () => {
    const owners = await alice.client.get<{ signingSecret: string }>(secretPath(endpoint.id));
    for (const client of [bob.client, manager]) {
      const response = await client.get(secretPath(endpoint.id));
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(owners.body.signingSecret);
    }
    const byAdmin = await admin.get<{ signingSecret: string }>(secretPath(endpoint.id));
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual(owners.body);
    expect(
      app.lines.some(
        (line) =>
          line.audit === 'endpoint_secret_revealed' &&
          line.userAccountId === endpoint.id &&
          line.byOwner === false,
      ),
    ).toBe(true);
    expect((await app.asAnonymous().get(secretPath(endpoint.id))).status).toBe(401);
  });

  it('answers 404 for an unknown endpoint and 400 for a malformed id', async () => {
    const unknown = new Types.ObjectId().toString();
    expect((await alice.client.get(secretPath(unknown))).status).toBe(404);
    expect((await alice.client.get(secretPath('nope'))).status).toBe(400);
  });
});

describe('for other modules', () => {
  it("lists a profile's endpoints for the webhook forms", async () => {
    const owner = await customer('dora@customer.test');
    const first = await createEndpoint(owner, 'dora-1', 'First');
    const service = serviceWith({});
    const id = owner.profile._id.toString();
    expect(await service.listUserAccountsOfProfile(id, owner.user)).toEqual([first]);
    const staff: SessionUser = {
      id: new Types.ObjectId().toString(),
      email: 'm@x.test',
      role: 'MANAGER',
      isPaidTier: false,
    };
    expect(await service.listUserAccountsOfProfile(id, staff)).toEqual([
      { ...first, canDelete: false },
    ]);
    expect(await service.listUserAccountsOfProfile(id)).toEqual([{ ...first, canDelete: false }]);
  });

  it("describes a profile's endpoints for its delete guard", async () => {
    const owner = await customer('erin@customer.test');
    const service = serviceWith({});
    const id = owner.profile._id.toString();
    expect(await service.describeUsageOfProfile(id)).toEqual([]);
    await buildUserAccount(app.db, { userProfileId: owner.profile._id });
    expect(await service.describeUsageOfProfile(id)).toEqual(['1 webhook endpoint']);
    await buildUserAccount(app.db, { userProfileId: owner.profile._id });
    expect(await service.describeUsageOfProfile(id)).toEqual(['2 webhook endpoints']);
  });

  it("keeps a profile with endpoints from being deleted (the profiles module's guard)", async () => {
    const owner = await customer('fay@customer.test');
    const endpoint = await createEndpoint(owner, 'fay', 'Fay');
    const path = `/api/admin/hubspot/profiles/${owner.profile._id.toString()}`;
    const refused = await owner.client.delete<{ code: string; message: string }>(path);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 webhook endpoint');
    expect((await owner.client.delete(`${ENDPOINTS}/${endpoint.id}`)).status).toBe(200);
    expect((await owner.client.delete(path)).status).toBe(200);
  });

  it('opens an endpoint for the forwarder: its URL and signing secret', async () => {
    const endpoint = await createEndpoint(alice, 'forward', 'Forward');
    const opened = await serviceWith({}).openEndpoint(endpoint.id);
    const [request] = await received('forward');
    const signature = createHmac('sha256', opened?.signingSecret ?? '')
      .update(request?.rawBody ?? '')
      .digest('hex');
    expect(request?.headers['x-outsync-signature']).toBe(`sha256=${signature}`);
    expect(opened?.url).toBe(receiver('forward'));
  });
});

/** The service as app.ts builds it, with what a test changes. */
function serviceWith(
  overrides: Partial<Parameters<typeof createUserAccountsService>[0]>,
): ReturnType<typeof createUserAccountsService> {
  return createUserAccountsService({
    userAccounts: userAccountModel(app.db.connection),
    profiles: createProfileRecords(profileModel(app.db.connection)),
    secrets: app.secrets,
    fetch: app.safeFetch,
    now: () => new Date(),
    ...overrides,
  });
}
