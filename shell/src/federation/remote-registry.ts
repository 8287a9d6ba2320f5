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
/** The registration under way or done: pages wait for it (the shell renders before it answers). */
let registration: Promise<RemotesManifest> | undefined;
/** Page loads started before their page rendered, each taken once by the page (preloadRemoteModule). */
const preloads = new Map<string, Promise<unknown>>();

/**
 * Reads /remotes.json and registers every remote with the federation runtime, behind the
 * release check that refuses a remote the shell cannot satisfy. A missing or broken file leaves
 * the registry empty: each remote route then shows its unavailable tile. The shell does not wait
 * for it before its first render (bootstrap.tsx): `loadRemoteModule` does.
 */
export function registerRemotesFromManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  registerPlugins([releaseCheckPlugin()]);
  registration = readRemotesManifest(url).then((manifest) => {
    registered = manifest;
    registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
    return manifest;
  });
  return registration;
}

async function readRemotesManifest(url: string): Promise<RemotesManifest> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return parseRemotesManifest(await response.json());
  } catch (error) {
    console.error('[outsync] could not read the remotes manifest', error);
    return {};
  }
}

export class RemoteNotRegisteredError extends Error {
  constructor(remote: string) {
    super(`The module "${remote}" is not listed in /remotes.json.`);
    this.name = 'RemoteNotRegisteredError';
  }
}

/**
 * Starts loading `remote/expose` now, for a page that is about to render: the shell calls it for
 * the address it opens at, so the module's manifest, entry and page chunks download while the
 * shell renders and loads the session, instead of after (the screen's largest paint waited for
 * both in turn). The page's first `loadRemoteModule` takes this load.
 */
export function preloadRemoteModule(remote: string, expose: string): void {
  const key = `${remote}/${expose}`;
  const load = loadFresh(remote, expose);
  preloads.set(key, load);
  // A page that took the load shows its failure; one that had not yet is not handed a stale
  // failure later (it loads anew), and an unclaimed failure is not an unhandled rejection.
  load.catch(() => {
    if (preloads.get(key) === load) preloads.delete(key);
  });
}

/**
 * Loads `remote/expose` (or takes its preload). The federation runtime keeps no failed manifest,
 * so calling this again after a failure (the tile's Retry) fetches the remote anew.
 */
export function loadRemoteModule<T>(remote: string, expose: string): Promise<T> {
  const key = `${remote}/${expose}`;
  const preloaded = preloads.get(key);
  preloads.delete(key);
  return (preloaded ?? loadFresh(remote, expose)) as Promise<T>;
}

async function loadFresh<T>(remote: string, expose: string): Promise<T> {
  await registration;
  if (!(remote in registered)) throw new RemoteNotRegisteredError(remote);
  const module = await loadRemote<T>(`${remote}/${expose}`);
  if (module === null || module === undefined) {
    throw new Error(`The module "${remote}/${expose}" could not be loaded.`);
  }
  return module;
}
