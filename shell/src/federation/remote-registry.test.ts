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
      expect.objectContaining({ name: 'outsync-early-manifest' }),
    ]);
  });

  test("takes the /remotes.json index.html's script asked for, once", async () => {
    window.__outsyncEarly = {
      remotes: Promise.resolve(
        Response.json({ outsync_history: 'http://localhost:3004/mf-manifest.json' }),
      ),
    };
    global.fetch = jest.fn().mockResolvedValue(Response.json({}));
    await registerRemotesFromManifest();
    expect(global.fetch).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenLastCalledWith([
      { name: 'outsync_history', entry: 'http://localhost:3004/mf-manifest.json' },
    ]);
    await registerRemotesFromManifest();
    expect(global.fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
  });
});

describe("the opened screen's manifest, fetched by index.html's script", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    delete window.__outsyncEarly;
  });

  /** The runtime plugin's fetch hook, as registered. */
  async function manifestFetch() {
    global.fetch = jest.fn().mockResolvedValue(Response.json({}));
    await registerRemotesFromManifest();
    const plugins = jest.mocked(registerPlugins).mock.lastCall?.[0] ?? [];
    const plugin = plugins.find((candidate) => candidate.name === 'outsync-early-manifest');
    if (!plugin?.fetch) throw new Error('no early manifest plugin');
    jest.mocked(global.fetch).mockClear();
    return plugin.fetch.bind(plugin);
  }

  const url = 'http://localhost:3002/mf-manifest.json';

  test('is handed to the runtime once; a later load (a retry) fetches anew', async () => {
    const fetchHook = await manifestFetch();
    const early = Response.json({ id: 'early' });
    window.__outsyncEarly = {
      manifest: Promise.resolve({ url, response: Promise.resolve(early) }),
    };
    await expect(fetchHook(url, {})).resolves.toBe(early);
    expect(global.fetch).not.toHaveBeenCalled();
    await fetchHook(url, {});
    expect(global.fetch).toHaveBeenCalledWith(url, {});
  });

  test("another remote's manifest is fetched, and the early one is kept for its own", async () => {
    const fetchHook = await manifestFetch();
    const early = Response.json({ id: 'early' });
    window.__outsyncEarly = {
      manifest: Promise.resolve({ url, response: Promise.resolve(early) }),
    };
    await fetchHook('http://localhost:3004/mf-manifest.json', {});
    expect(global.fetch).toHaveBeenCalledWith('http://localhost:3004/mf-manifest.json', {});
    await expect(fetchHook(url, {})).resolves.toBe(early);
  });

  test('a failed early fetch fails the load as its own fetch would', async () => {
    const fetchHook = await manifestFetch();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    window.__outsyncEarly = { manifest: Promise.resolve({ url, response: failed }) };
    await expect(fetchHook(url, {})).rejects.toThrow('Failed to fetch');
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
