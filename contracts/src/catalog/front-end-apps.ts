// The front-end apps and their Module Federation container names. Kept free of imports: the
// build configs and repository scripts read this file directly (see routes.ts).

/**
 * Container name per app: a JS identifier, unique on the page (it becomes a global, so a bare
 * `history` would collide with `window.history`). /remotes.json is keyed by these names.
 */
export const federationNames = {
  shell: 'outsync_shell',
  'mfe-auth': 'outsync_auth',
  'mfe-webhooks': 'outsync_webhooks',
  'mfe-accounts': 'outsync_accounts',
  'mfe-history': 'outsync_history',
} as const;

/** An app's workspace folder: the shell (host) or one of the remotes. */
export type FrontEndApp = keyof typeof federationNames;
export type RemoteApp = Exclude<FrontEndApp, 'shell'>;
export type FederationName<App extends FrontEndApp = FrontEndApp> = (typeof federationNames)[App];

/** Every app but the shell, in the order above (the order /remotes.json lists them). */
export const remoteApps: readonly RemoteApp[] = (
  Object.keys(federationNames) as FrontEndApp[]
).filter((app): app is RemoteApp => app !== 'shell');
