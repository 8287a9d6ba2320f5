import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { API_CONTRACT_VERSION } from '@outsync/contracts';
import { checkRemoteCompatibility, type RemoteRelease } from './remote-compatibility';

/** Thrown (and so shown by the page's tile) when the shell refuses a remote it cannot satisfy. */
export class IncompatibleRemoteError extends Error {
  /**
   * The user-facing sentence. Kept apart from `message`, which the federation runtime prefixes
   * with its log category when the error passes through its hooks.
   */
  readonly reason: string;

  constructor(remote: string, reason: string) {
    super(`The module "${remote}" was refused: ${reason}`);
    this.name = 'IncompatibleRemoteError';
    this.reason = reason;
  }
}

const releases = new Map<string, RemoteRelease>();

/** The release of a remote the shell has accepted on this page load (for the about line). */
export function remoteRelease(remote: string): RemoteRelease | undefined {
  return releases.get(remote);
}

/** The version of each shared package the host itself provides (the first it registered). */
function providedVersions(
  shared: Readonly<Record<string, ReadonlyArray<{ version: string; from: string }>>> | undefined,
  hostName: string,
): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const [name, entries] of Object.entries(shared ?? {})) {
    const own = entries.find((entry) => entry.from === hostName) ?? entries[0];
    if (own?.version) versions[name] = own.version;
  }
  return versions;
}

/**
 * Checks each remote's manifest when the runtime has fetched it, before any of the remote's code
 * loads, and refuses a remote whose declared contract or shared ranges the shell cannot satisfy
 * (ARCHITECTURE.md §2: failure handling in one runtime plugin and one boundary). The check runs
 * on the manifest the runtime itself fetched, so the shell reads each manifest once.
 */
export function releaseCheckPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'outsync-release-check',
    loadRemoteSnapshot(args) {
      // 'global' means a snapshot this page already accepted (a second page of the same remote).
      if (args.from !== 'manifest' || !args.manifestJson) return args;
      const remote = args.moduleInfo.name;
      const verdict = checkRemoteCompatibility(remote, args.manifestJson, {
        apiContractVersion: API_CONTRACT_VERSION,
        sharedVersions: providedVersions(args.options.shared, args.options.name),
      });
      if (!verdict.compatible) throw new IncompatibleRemoteError(remote, verdict.reason);
      for (const warning of verdict.warnings) console.warn(`[outsync] ${warning}`);
      releases.set(remote, verdict.release);
      return args;
    },
  };
}
