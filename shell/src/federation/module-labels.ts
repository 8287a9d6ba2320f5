import { federationNames, type FederationName, type RemoteApp } from '@outsync/contracts';

/** How the about line under a module's page names the module ("History module 0.1.0"). */
const labels: Record<FederationName<RemoteApp>, string> = {
  [federationNames['mfe-auth']]: 'Sign-in module',
  [federationNames['mfe-webhooks']]: 'Webhooks module',
  [federationNames['mfe-accounts']]: 'Accounts module',
  [federationNames['mfe-history']]: 'History module',
};

/** The module's name for people; an unknown remote (listed in /remotes.json only) by its id. */
export function moduleLabel(remote: string): string {
  return Object.hasOwn(labels, remote) ? labels[remote as FederationName<RemoteApp>] : remote;
}
