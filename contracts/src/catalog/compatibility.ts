// What a federated module declares about the dashboard it can run in. Kept free of imports: the
// root rspack.config.ts reads this file directly to write the declaration into each remote's
// mf-manifest.json, and the shell checks it before it loads a remote's code.

/**
 * The version of the contract between the dashboard (shell, shared singletons, the API the
 * contracts describe) and its modules. Raise it when a change breaks modules built against the
 * previous one, e.g. a removed or renamed export of a shared package or an incompatible API
 * change; additive changes keep it.
 */
export const API_CONTRACT_VERSION = 1;

/** The key under mf-manifest.json's `metaData` that holds a remote's declaration. */
export const remoteDeclarationKey = 'outsync';

/** A remote's declaration, `metaData.outsync` in its mf-manifest.json. */
export interface RemoteDeclaration {
  /** The API_CONTRACT_VERSION the remote was built against. */
  apiContractVersion: number;
}
