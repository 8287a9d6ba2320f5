import { satisfy } from '@module-federation/enhanced/runtime';
import { remoteDeclarationKey } from '@outsync/contracts';

/** What the shell offers a remote: the contract it speaks and the shared packages it provides. */
export interface HostOffer {
  apiContractVersion: number;
  /** Package name → the version the shell provides (shared singletons win: 'loaded-first'). */
  sharedVersions: Readonly<Record<string, string>>;
}

/** A remote's release, as its manifest names it (shown in the page's about line). */
export interface RemoteRelease {
  /** `metaData.buildInfo.buildVersion`: the app's package.json version unless overridden. */
  version: string | undefined;
}

export type CompatibilityVerdict =
  | { compatible: true; release: RemoteRelease; warnings: string[] }
  | { compatible: false; reason: string };

/**
 * The parts of an mf-manifest.json the check reads. The manifest comes over the network from
 * whoever deployed the remote, so every field is read as unknown.
 */
interface ManifestView {
  metaData?: { buildInfo?: { buildVersion?: unknown } } & Record<string, unknown>;
  shared?: unknown;
}

/**
 * Decides whether the shell may load a remote, from the manifest the remote was built with:
 * the API contract version it declares must be the shell's, and every shared package the shell
 * provides must satisfy the range the remote requires. A manifest that declares no contract (a
 * remote built before declarations existed, or by another toolchain) is loaded with a warning:
 * refusing it would turn a shell release into an outage of every older module.
 */
export function checkRemoteCompatibility(
  remote: string,
  manifest: unknown,
  host: HostOffer,
): CompatibilityVerdict {
  const view = (isRecord(manifest) ? manifest : {}) as ManifestView;
  const warnings: string[] = [];

  const declared = isRecord(view.metaData) ? view.metaData[remoteDeclarationKey] : undefined;
  if (declared === undefined) {
    warnings.push(`${remote} declares no API contract version; it is loaded unchecked`);
  } else {
    const contract = isRecord(declared) ? declared.apiContractVersion : undefined;
    if (typeof contract !== 'number' || !Number.isInteger(contract)) {
      return {
        compatible: false,
        reason: 'This module declares an API contract this dashboard cannot read.',
      };
    }
    if (contract !== host.apiContractVersion) {
      return {
        compatible: false,
        reason: `This module needs a different version of OutSync (contract ${contract}; this dashboard speaks ${host.apiContractVersion}).`,
      };
    }
  }

  const unmet = unmetSharedRanges(view.shared, host.sharedVersions);
  if (unmet.length > 0) {
    const needs = unmet.map(({ name, range }) => `${name} ${range}`).join(', ');
    const provides = unmet.map(({ name, provided }) => `${name} ${provided}`).join(', ');
    return {
      compatible: false,
      reason: `This module needs ${needs}; this dashboard provides ${provides}.`,
    };
  }

  const buildVersion = view.metaData?.buildInfo?.buildVersion;
  return {
    compatible: true,
    release: { version: typeof buildVersion === 'string' ? buildVersion : undefined },
    warnings,
  };
}

interface UnmetRange {
  name: string;
  range: string;
  provided: string;
}

/**
 * Shared packages whose provided version is outside the remote's required range. A package the
 * shell does not provide is the remote's own business (it brings its copy), and an entry with
 * no range (`requiredVersion: false` in the build) accepts any version.
 */
function unmetSharedRanges(
  shared: unknown,
  provided: Readonly<Record<string, string>>,
): UnmetRange[] {
  if (!Array.isArray(shared)) return [];
  const unmet: UnmetRange[] = [];
  for (const entry of shared) {
    if (!isRecord(entry)) continue;
    const { name, requiredVersion: range } = entry;
    if (typeof name !== 'string' || typeof range !== 'string' || range === '') continue;
    const version = Object.hasOwn(provided, name) ? provided[name] : undefined;
    if (version !== undefined && !satisfy(version, range)) {
      unmet.push({ name, range, provided: version });
    }
  }
  return unmet;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
