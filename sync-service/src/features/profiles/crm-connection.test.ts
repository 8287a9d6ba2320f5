import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { ConnectorError } from '../../connectors/http';
import { createSecretBox } from '../../platform/secrets';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { buildProfile } from '../../testing/profile-factories';
import { createCrmConnections } from './crm-connection';
import type { CrmGateway, TokenSet } from './crm-gateway.types';
import { profileModel, type ProfileDoc } from './profiles.model';

const secrets = createSecretBox(randomBytes(32));
const ownerId = new mongoose.Types.ObjectId();
const MINUTE = 60_000;

let database: TestDatabase;
let connection: Connection;
let clock: Date;

beforeAll(async () => {
  database = await openTestDatabase();
  connection = await mongoose.createConnection(database.uri).asPromise();
});
afterAll(async () => {
  await connection.close();
  await database.release();
});
beforeEach(() => {
  clock = new Date('2026-03-01T10:00:00Z');
});

type RefreshCall = { crm: 'HUBSPOT' | 'SALESFORCE'; refreshToken: string };

/** A gateway whose refresh answers what the test says; other calls are not expected. */
function fakeGateway(answer: (call: RefreshCall) => Promise<TokenSet>) {
  const calls: RefreshCall[] = [];
  const unexpected = () => {
    throw new Error('not expected in this test');
  };
  const gateway = {
    hubspot: {
      configured: true,
      authorizeUrl: unexpected,
      exchangeCode: unexpected,
      refresh: (refreshToken: string) => {
        calls.push({ crm: 'HUBSPOT', refreshToken });
        return answer({ crm: 'HUBSPOT', refreshToken });
      },
      tokenInfo: unexpected,
      api: unexpected,
    },
    salesforce: {
      authorizeUrl: unexpected,
      exchangeCode: unexpected,
      refresh: (input: { refreshToken: string }) => {
        calls.push({ crm: 'SALESFORCE', refreshToken: input.refreshToken });
        return answer({ crm: 'SALESFORCE', refreshToken: input.refreshToken });
      },
      identity: unexpected,
      api: unexpected,
    },
  } as unknown as CrmGateway;
  return { gateway, calls };
}

function tokens(accessToken: string, extra: Partial<TokenSet> = {}): TokenSet {
  return {
    accessToken,
    refreshToken: null,
    expiresInSeconds: 1800,
    scopes: [],
    instanceUrl: null,
    identityUrl: null,
    ...extra,
  };
}

function connections(
  gateway: CrmGateway,
  guardUrl: (url: string) => Promise<void> = async () => {},
) {
  return createCrmConnections({
    profiles: profileModel(connection),
    secrets,
    gateway,
    now: () => clock,
    guardUrl,
  });
}

async function hubspotProfile(expiresInMs: number): Promise<ProfileDoc> {
  return buildProfile(connection, {
    ownerId,
    crm: 'HUBSPOT',
    email: 'rep@acme.test',
    organizationDomain: 'acme.hubspot.test',
    secrets,
    connection: {
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: new Date(clock.getTime() + expiresInMs),
    },
  });
}

async function stored(profile: ProfileDoc): Promise<ProfileDoc> {
  const doc = await profileModel(connection).findById(profile._id).lean<ProfileDoc>();
  if (!doc) throw new Error('profile gone');
  return doc;
}

describe('the token provider of a profile', () => {
  it('hands out the stored token while it has more than a minute left', async () => {
    const { gateway, calls } = fakeGateway(async () => tokens('never'));
    const profile = await hubspotProfile(2 * MINUTE);
    await expect(connections(gateway).tokenAuth(profile).getAccessToken()).resolves.toBe(
      'access-1',
    );
    expect(calls).toEqual([]);
  });

  it('refreshes a minute before expiry and stores the new token sealed', async () => {
    const { gateway, calls } = fakeGateway(async () => tokens('access-2'));
    const profile = await hubspotProfile(59_000);
    await expect(connections(gateway).tokenAuth(profile).getAccessToken()).resolves.toBe(
      'access-2',
    );
    expect(calls).toEqual([{ crm: 'HUBSPOT', refreshToken: 'refresh-1' }]);
    const after = await stored(profile);
    expect(after.connection?.accessTokenSealed).not.toContain('access-2');
    expect(secrets.open(after.connection!.accessTokenSealed)).toBe('access-2');
    // HubSpot answered no new refresh token here: the old one stays.
    expect(secrets.open(after.connection!.refreshTokenSealed)).toBe('refresh-1');
    expect(after.connection?.expiresAt).toEqual(new Date(clock.getTime() + 1800_000));
  });

  it('shares one refresh between concurrent callers of a profile', async () => {
    const waiting: Array<(value: TokenSet) => void> = [];
    const release = (value: TokenSet) => waiting.splice(0).forEach((resolve) => resolve(value));
    const { gateway, calls } = fakeGateway(
      () => new Promise<TokenSet>((resolve) => waiting.push(resolve)),
    );
    const profile = await hubspotProfile(-MINUTE);
    const provider = connections(gateway);
    const pending = [
      provider.tokenAuth(profile).getAccessToken(),
      provider.tokenAuth(profile).getAccessToken(),
      provider.tokenAuth(profile).refresh(),
    ];
    await new Promise((resolve) => setTimeout(resolve, 50));
    release(tokens('access-2'));
    await expect(Promise.all(pending)).resolves.toEqual(['access-2', 'access-2', 'access-2']);
    expect(calls).toHaveLength(1);
  });

  it('on a 401 refreshes even a token that looks fresh, but adopts one another process stored', async () => {
    const { gateway, calls } = fakeGateway(async () => tokens('access-2'));
    const profile = await hubspotProfile(20 * MINUTE);
    const provider = connections(gateway);
    await expect(provider.tokenAuth(profile).refresh()).resolves.toBe('access-2');
    expect(calls).toHaveLength(1);

    // `profile` still holds access-1, refused; the store already has access-2: no second call.
    await expect(provider.tokenAuth(profile).refresh()).resolves.toBe('access-2');
    expect(calls).toHaveLength(1);
  });

  it('records "HubSpot connection lost" when HubSpot refuses the refresh token', async () => {
    const { gateway } = fakeGateway(async () => {
      throw new ConnectorError({
        system: 'hubspot',
        operation: 'refreshAccessToken',
        code: 'unauthorized',
        status: 400,
        vendorCode: 'BAD_REFRESH_TOKEN',
        message: 'HubSpot refreshAccessToken failed: 400 unauthorized',
      });
    });
    const profile = await hubspotProfile(-MINUTE);
    await expect(connections(gateway).tokenAuth(profile).getAccessToken()).rejects.toMatchObject({
      code: 'unauthorized',
    });
    const after = await stored(profile);
    expect(after.problem).toMatchObject({ title: 'HubSpot connection lost' });
    expect(after.problem?.message).toMatch(/^Reconnect rep@acme\.test \(acme\.hubspot\.test\)/);
  });

  it('records nothing when the CRM could not be reached: the grant may still be good', async () => {
    const { gateway } = fakeGateway(async () => {
      throw new ConnectorError({
        system: 'hubspot',
        operation: 'refreshAccessToken',
        code: 'network',
        message: 'HubSpot refreshAccessToken could not reach the server',
      });
    });
    const profile = await hubspotProfile(-MINUTE);
    await expect(connections(gateway).tokenAuth(profile).getAccessToken()).rejects.toMatchObject({
      code: 'network',
    });
    expect((await stored(profile)).problem).toBeNull();
  });

  it('renews a Salesforce session with the consumer key and secret, and records a lost grant', async () => {
    const answers = [
      async () => tokens('sf-2', { expiresInSeconds: null, instanceUrl: 'https://eu1.sf.test' }),
      async () => {
        throw new ConnectorError({
          system: 'salesforce',
          operation: 'refreshAccessToken',
          code: 'invalid_request',
          status: 400,
          vendorCode: 'invalid_grant',
          message: 'Salesforce refreshAccessToken failed: 400 (expired access/refresh token)',
        });
      },
    ];
    const { gateway, calls } = fakeGateway(() => answers.shift()!());
    const profile = await buildProfile(connection, {
      ownerId,
      crm: 'SALESFORCE',
      email: 'admin@org.test',
      secrets,
      salesforce: { domain: 'https://org.my.sf.test', consumerKey: 'key', consumerSecret: 'sec' },
      connection: {
        accessToken: 'sf-1',
        refreshToken: 'sf-refresh',
        expiresAt: new Date(clock.getTime() - MINUTE),
        instanceUrl: 'https://na1.sf.test',
      },
    });
    const provider = connections(gateway);
    await expect(provider.tokenAuth(profile).getAccessToken()).resolves.toBe('sf-2');
    const renewed = await stored(profile);
    expect(renewed.connection?.instanceUrl).toBe('https://eu1.sf.test');
    // Salesforce tells no lifetime: two hours are assumed.
    expect(renewed.connection?.expiresAt).toEqual(new Date(clock.getTime() + 2 * 60 * MINUTE));

    await expect(provider.tokenAuth(renewed).refresh()).rejects.toMatchObject({
      vendorCode: 'invalid_grant',
    });
    expect(calls.map((call) => call.refreshToken)).toEqual(['sf-refresh', 'sf-refresh']);
    expect((await stored(profile)).problem).toMatchObject({
      title: 'Salesforce connection lost',
      message: expect.stringMatching(/^Reconnect admin@org\.test \(https:\/\/org\.my\.sf\.test\)/),
    });
  });

  it('never stores a renewed Salesforce session whose instance URL the guard refuses', async () => {
    const { gateway } = fakeGateway(async () =>
      tokens('sf-2', { expiresInSeconds: null, instanceUrl: 'http://10.0.0.5' }),
    );
    const profile = await buildProfile(connection, {
      ownerId,
      crm: 'SALESFORCE',
      secrets,
      salesforce: { domain: 'https://org.my.sf.test', consumerKey: 'key', consumerSecret: 'sec' },
      connection: {
        accessToken: 'sf-1',
        refreshToken: 'sf-refresh',
        expiresAt: new Date(clock.getTime() - MINUTE),
        instanceUrl: 'https://na1.sf.test',
      },
    });
    const guard = async (url: string) => {
      if (url.includes('10.0.0.5')) throw new Error('10.0.0.5 is a private address');
    };
    await expect(connections(gateway, guard).tokenAuth(profile).getAccessToken()).rejects.toThrow(
      'private address',
    );
    const after = await stored(profile);
    expect(secrets.open(after.connection!.accessTokenSealed)).toBe('sf-1');
    expect(after.connection?.instanceUrl).toBe('https://na1.sf.test');
  });
});
