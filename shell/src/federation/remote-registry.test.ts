import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  loadRemoteModule,
  parseRemotesManifest,
  preloadRemoteModule,
  registerRemotesFromManifest,
  RemoteNotRegisteredError,
} from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  satisfy: jest.fn(),
}));

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

describe('parseRemotesManifest', () => {
  test('keeps names that are JS identifiers with URL entries', () => {
    expect(
      parseRemotesManifest({
        outsync_webhooks: 'http://localhost:3002/mf-manifest.json',
        'bad-name': 'http://localhost:3003/mf-manifest.json',
        outsync_history: 'not a url',
      }),
    ).toEqual({ outsync_webhooks: 'http://localhost:3002/mf-manifest.json' });
  });

  test('rejects anything but an object', () => {
    expect(() => parseRemotesManifest(['x'])).toThrow('remotes.json must be an object');
    expect(() => parseRemotesManifest(null)).toThrow('remotes.json must be an object');
  });
});

describe('registerRemotesFromManifest', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  test('registers every remote the manifest names', async () => {
    global.fetch = jest.fn().mockResolvedValue({
      ok: true,
      json: async () => ({ outsync_auth: 'http://localhost:3001/mf-manifest.json' }),
    });
    await registerRemotesFromManifest();
    expect(registerRemotes).toHaveBeenLastCalledWith([
      { name: 'outsync_auth', entry: 'http://localhost:3001/mf-manifest.json' },
    ]);
  });

  test('registers the release check with the runtime, so no remote loads unchecked', async () => {
    global.fetch = jest.fn().mockResolvedValue({ ok: true, json: async () => ({}) });
    await registerRemotesFromManifest();
    expect(registerPlugins).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'outsync-release-check' }),
    ]);
  });

  test('an unreachable manifest leaves no remote registered, so pages show their tile', async () => {
    global.fetch = jest.fn().mockResolvedValue({ ok: false, status: 502 });
    await expect(registerRemotesFromManifest()).resolves.toEqual({});
    await expect(loadRemoteModule('outsync_auth', 'LoginPage')).rejects.toBeInstanceOf(
      RemoteNotRegisteredError,
    );
  });
});

describe('loading a page before /remotes.json has answered', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  /** A /remotes.json whose answer the test releases. */
  function pendingManifest() {
    let answer: () => void = () => undefined;
    global.fetch = jest.fn(
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              ok: true,
              json: async () => ({ outsync_webhooks: 'http://localhost:3002/mf-manifest.json' }),
            });
        }),
    ) as unknown as typeof fetch;
    return () => answer();
  }

  test('a page load waits for the registration, then loads the module', async () => {
    const answer = pendingManifest();
    jest.mocked(loadRemote).mockResolvedValue({ default: 'page' });
    const registration = registerRemotesFromManifest();
    const page = loadRemoteModule('outsync_webhooks', 'WebhooksPage');
    await Promise.resolve();
    expect(loadRemote).not.toHaveBeenCalled();
    answer();
    await registration;
    await expect(page).resolves.toEqual({ default: 'page' });
    expect(loadRemote).toHaveBeenCalledWith('outsync_webhooks/WebhooksPage');
  });

  test('a preload is taken by the first load of its page; a retry loads anew', async () => {
    const answer = pendingManifest();
    jest.mocked(loadRemote).mockClear().mockResolvedValue({ default: 'page' });
    void registerRemotesFromManifest();
    preloadRemoteModule('outsync_webhooks', 'WebhooksPage');
    answer();
    await expect(loadRemoteModule('outsync_webhooks', 'WebhooksPage')).resolves.toEqual({
      default: 'page',
    });
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await loadRemoteModule('outsync_webhooks', 'WebhooksPage');
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  test('a failed preload fails its page, which can retry', async () => {
    const answer = pendingManifest();
    jest
      .mocked(loadRemote)
      .mockClear()
      .mockRejectedValueOnce(new Error('#RUNTIME-003 Failed to get manifest'))
      .mockResolvedValue({ default: 'page' });
    void registerRemotesFromManifest();
    preloadRemoteModule('outsync_webhooks', 'WebhooksPage');
    answer();
    await expect(loadRemoteModule('outsync_webhooks', 'WebhooksPage')).rejects.toThrow(
      'Failed to get manifest',
    );
    await expect(loadRemoteModule('outsync_webhooks', 'WebhooksPage')).resolves.toEqual({
      default: 'page',
    });
  });
});
