// API keys end to end (set-up in api-keys.test-support.ts): creating a key, checked by the
// platform, and the check call.
import { DEMO_API_KEYS, SECOND_API_KEYS } from '@outsync/sandbox';
import { CSRF_HEADER } from '@outsync/contracts';
import type { ApiKey } from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { guardOutboundCalls } from '../../testing/nock-guard';
import { closedPort } from '../../testing/test-support';
import { apiKeyModel } from './api-keys.service';
import {
  KEYS,
  PLATFORMS,
  NAMES,
  app,
  bisonUrl,
  alice,
  bob,
  manager,
  admin,
  useApiKeysApp,
  form,
  createKey,
  fault,
} from './api-keys.test-support';

guardOutboundCalls();
useApiKeysApp();

describe('creating a key', () => {
  it('checks the form in the spec order before anything else', async () => {
    const steps: Array<[Record<string, unknown>, string]> = [
      [{}, 'Please select a platform'],
      [{ platform: 'smartlead' }, 'Please enter a valid API key'],
      [{ platform: 'smartlead', apiKey: '   ' }, 'Please enter a valid API key'],
      [{ platform: 'smartlead', apiKey: 'k' }, 'Please enter a description'],
      [{ platform: 'bison', apiKey: 'k', description: 'd' }, 'Please enter a valid base URL'],
      [
        { platform: 'bison', apiKey: 'k', description: 'd', baseUrl: 'not a url' },
        'Please enter a valid base URL',
      ],
      [{ platform: 'smartlead', apiKey: 'k', description: 'd' }, 'Select Profile'],
      [
        { platform: 'smartlead', apiKey: 'k', description: 'd', userProfileId: 'nope' },
        'Expected an id (24 hexadecimal digits).',
      ],
    ];
    for (const [body, message] of steps) {
      const response = await alice.client.post<{ message: string; code: string }>(KEYS, body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
      expect(response.body.code).toBe('validation_error');
    }
    expect(await apiKeyModel(app.db.connection).countDocuments()).toBe(0);
  });

  it.each(PLATFORMS)('stores a %s key the platform accepts, without the key', async (platform) => {
    const response = await alice.client.post<ApiKey>(KEYS, form(platform));
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      description: `${NAMES[platform]} main`,
      platform,
      baseUrl: platform === 'bison' ? bisonUrl : null,
      userProfileId: alice.profile._id.toString(),
      userProfile: {
        firstName: 'Alice',
        lastName: 'Anders',
        email: 'crm-alice@customer.test',
        organizationId: alice.profile.organizationId,
        organizationDomain: alice.profile.organizationDomain,
      },
      isValid: true,
      checkedAt: expect.any(String),
      syncBlockList: [],
      canManage: true,
    });
    expect(JSON.stringify(response.body)).not.toContain(DEMO_API_KEYS[platform]);
  });

  it.each(PLATFORMS)(
    'refuses a %s key the platform rejects, with its message',
    async (platform) => {
      const before = await apiKeyModel(app.db.connection).countDocuments();
      const response = await alice.client.post<{ message: string; code: string }>(
        KEYS,
        form(platform, { apiKey: `${platform}-wrong-key-123` }),
      );
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('api_key_invalid');
      expect(response.body.message).toContain(`${NAMES[platform]} rejected this API key`);
      expect(response.body.message).not.toContain(`${platform}-wrong-key-123`);
      expect(await apiKeyModel(app.db.connection).countDocuments()).toBe(before);
    },
  );

  it('accepts a key of another account on the same platform', async () => {
    const key = await createKey(alice, 'instantly', { apiKey: SECOND_API_KEYS.instantly });
    expect(key.isValid).toBe(true);
  });

  it('reads the bison base URL as typed: trimmed, trailing slash dropped', async () => {
    const key = await createKey(alice, 'bison', { baseUrl: `  ${bisonUrl}/  ` });
    expect(key.baseUrl).toBe(bisonUrl);
  });

  it('drops the base URL of the other platforms', async () => {
    const key = await createKey(alice, 'smartlead', { baseUrl: 'https://ignored.example' });
    expect(key.baseUrl).toBeNull();
  });

  it('refuses a bison base URL on a private address, without calling it', async () => {
    const port = await closedPort();
    for (const baseUrl of [
      `http://127.0.0.1:${port}`,
      'http://10.0.0.5',
      'http://169.254.169.254',
      'http://[::ffff:10.0.0.1]',
    ]) {
      const response = await alice.client.post<{ message: string; code: string }>(
        KEYS,
        form('bison', { baseUrl }),
      );
      expect({ baseUrl, status: response.status, code: response.body.code }).toEqual({
        baseUrl,
        status: 400,
        code: 'unsafe_url',
      });
      expect(response.body.message).not.toBe('');
    }
  });

  it('answers 502 naming the platform when it cannot tell', async () => {
    await fault('smartlead', { errorRate: 1 });
    const response = await alice.client.post<{ message: string; code: string }>(
      KEYS,
      form('smartlead'),
    );
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('upstream_failed');
    expect(response.body.message).toMatch(/^Could not reach Smartlead to check the key: /);
  });

  it('answers 502 when the platform rate-limits the check', async () => {
    await fault('heyreach', { rateLimit: 1, rateWindowMs: 60_000 });
    try {
      await createKey(alice, 'heyreach');
      const response = await alice.client.post<{ message: string; code: string }>(
        KEYS,
        form('heyreach'),
      );
      expect(response.status).toBe(502);
      expect(response.body.message).toBe(
        'Could not reach HeyReach to check the key: too many requests right now. Please try again in a moment.',
      );
    } finally {
      await fault('heyreach', { rateLimit: null });
    }
  });

  it("answers 404 for another customer's profile, and for a manager", async () => {
    for (const client of [bob.client, manager]) {
      const response = await client.post<{ code: string }>(KEYS, form('smartlead'));
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    const unknown = await alice.client.post(
      KEYS,
      form('smartlead', { userProfileId: new Types.ObjectId().toString() }),
    );
    expect(unknown.status).toBe(404);
  });

  it("lets an admin add a key to a customer's profile", async () => {
    const response = await admin.post<ApiKey>(KEYS, form('smartlead'));
    expect(response.status).toBe(201);
    // The key belongs to the profile's owner: the admin sees it, read-only.
    expect(response.body.canManage).toBe(false);
  });

  it('needs a session and the CSRF token', async () => {
    expect((await app.asAnonymous().post(KEYS, form('smartlead'))).status).toBe(401);
    const noCsrf = await alice.client.post(KEYS, form('smartlead'), {
      [CSRF_HEADER.toLowerCase()]: 'wrong',
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('the check call', () => {
  it('answers valid for a key the platform accepts', async () => {
    const response = await alice.client.post(`${KEYS}/check`, {
      platform: 'HeyReach',
      apiKey: DEMO_API_KEYS.heyreach,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: true, message: 'HeyReach accepted the API key.' });
  });

  it("answers 400 with the platform's message for a key it rejects", async () => {
    const response = await alice.client.post<{ message: string; code: string }>(`${KEYS}/check`, {
      platform: 'bison',
      apiKey: 'wrong',
      baseUrl: bisonUrl,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'api_key_invalid',
      message: 'EmailBison rejected this API key.',
    });
  });

  it('checks the form first', async () => {
    const response = await alice.client.post<{ message: string }>(`${KEYS}/check`, {
      platform: 'bison',
      apiKey: DEMO_API_KEYS.bison,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please enter a valid base URL');
  });
});
