import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { releaseCheckPlugin } from './release-check-plugin';

/** /remotes.json: federation name → manifest URL, written by whoever deploys the shell. */
export type RemotesManifest = Record<string, string>;

const federationName = /^[A-Za-z_$][\w$]*$/;

/** Keeps the well-formed entries and says which ones it dropped. */
export function parseRemotesManifest(value: unknown): RemotesManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('remotes.json must be an object of name → manifest URL');
  }
  const manifest: RemotesManifest = {};
  for (const [name, entry] of Object.entries(value)) {
    if (federationName.test(name) && typeof entry === 'string' && URL.canParse(entry)) {
      manifest[name] = entry;
    } else {
      console.error(`[outsync] remotes.json: ignoring "${name}" (need a JS identifier and a URL)`);
    }
  }
  return manifest;
}

let registered: RemotesManifest = {};

/**
 * Reads /remotes.json and registers every remote with the federation runtime, behind the
 * release check that refuses a remote the shell cannot satisfy. A missing or broken file leaves
 * the registry empty: each remote route then shows its unavailable tile.
 */
export async function registerRemotesFromManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  registerPlugins([releaseCheckPlugin()]);
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    registered = parseRemotesManifest(await response.json());
  } catch (error) {
    console.error('[outsync] could not read the remotes manifest', error);
    registered = {};
  }
  registerRemotes(Object.entries(registered).map(([name, entry]) => ({ name, entry })));
  return registered;
}

export class RemoteNotRegisteredError extends Error {
  constructor(remote: string) {
    super(`The module "${remote}" is not listed in /remotes.json.`);
    this.name = 'RemoteNotRegisteredError';
  }
}

/**
 * Loads `remote/expose`. The federation runtime keeps no failed manifest, so calling this again
 * after a failure (the tile's Retry) fetches the remote anew.
 */
export async function loadRemoteModule<T>(remote: string, expose: string): Promise<T> {
  if (!(remote in registered)) throw new RemoteNotRegisteredError(remote);
  const module = await loadRemote<T>(`${remote}/${expose}`);
  if (module === null || module === undefined) {
    throw new Error(`The module "${remote}/${expose}" could not be loaded.`);
  }
  return module;
}
