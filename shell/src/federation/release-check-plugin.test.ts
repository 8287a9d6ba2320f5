/**
 * @jest-environment node
 */
// The real federation runtime (Node has fetch and Response), with the network faked: this shows
// where the check sits in the runtime's load, not only what it decides.
import { createInstance } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError, releaseCheckPlugin, remoteRelease } from './release-check-plugin';

// The runtime keeps manifest loads per URL in a page-wide global, so each remote has its own.
const manifestUrlOf = (remote: string) => `http://${remote}.example.com/mf-manifest.json`;

function remoteManifest(
  name: string,
  apiContractVersion: number,
  buildVersion: string,
  reactRange = '^19',
) {
  return {
    id: name,
    name,
    metaData: {
      name,
      globalName: name,
      buildInfo: { buildVersion, buildName: '@outsync/mfe-history' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      publicPath: 'auto',
      pluginVersion: '2.9.2',
      outsync: { apiContractVersion },
    },
    shared: [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: reactRange }],
    remotes: [],
    exposes: [{ id: `${name}:Page`, name: 'Page', path: './Page', assets: {} }],
  };
}

const requested: string[] = [];
let served: Record<string, unknown> = {};

beforeEach(() => {
  requested.length = 0;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    requested.push(url);
    return url in served
      ? Response.json(served[url])
      : new Response('not found', { status: 404, statusText: 'Not Found' });
  });
});

afterEach(() => jest.restoreAllMocks());

/** A host like the shell: it provides react 19.3.1 and runs the release check. */
function host(remote: string) {
  return createInstance({
    name: `host_for_${remote}`,
    remotes: [{ name: remote, entry: manifestUrlOf(remote) }],
    shared: {
      react: {
        version: '19.3.1',
        lib: () => ({}),
        shareConfig: { singleton: true, requiredVersion: '^19' },
      },
    },
    plugins: [releaseCheckPlugin()],
  });
}

test('a remote declaring another contract is refused before any of its code is fetched', async () => {
  const manifestUrl = manifestUrlOf('remote_refused');
  served = { [manifestUrl]: remoteManifest('remote_refused', 2, '0.2.0') };
  const error: unknown = await host('remote_refused')
    .loadRemote('remote_refused/Page')
    .catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(IncompatibleRemoteError);
  expect((error as IncompatibleRemoteError).reason).toBe(
    'This module needs a different version of OutSync (contract 2; this dashboard speaks 1).',
  );
  expect(requested).toEqual([manifestUrl]);
  expect(remoteRelease('remote_refused')).toBeUndefined();
});

test('a compatible remote is let through to load its entry, and its release is recorded', async () => {
  const manifestUrl = manifestUrlOf('remote_accepted');
  served = { [manifestUrl]: remoteManifest('remote_accepted', 1, '0.1.0') };
  // The entry itself is not served here: the load fails after the check, at the entry.
  const error: unknown = await host('remote_accepted')
    .loadRemote('remote_accepted/Page')
    .catch((caught: unknown) => caught);

  expect(error).not.toBeInstanceOf(IncompatibleRemoteError);
  expect(requested[0]).toBe(manifestUrl);
  expect(requested).toContain('http://remote_accepted.example.com/remoteEntry.js');
  expect(remoteRelease('remote_accepted')).toEqual({ version: '0.1.0' });
});

test('a remote whose react range the host does not provide is refused, naming both versions', async () => {
  const manifestUrl = manifestUrlOf('remote_newer_react');
  served = { [manifestUrl]: remoteManifest('remote_newer_react', 1, '0.3.0', '^20.0.0') };
  const error: unknown = await host('remote_newer_react')
    .loadRemote('remote_newer_react/Page')
    .catch((caught: unknown) => caught);

  expect((error as IncompatibleRemoteError).reason).toBe(
    'This module needs react ^20.0.0; this dashboard provides react 19.3.1.',
  );
  expect(requested).toEqual([manifestUrl]);
});
