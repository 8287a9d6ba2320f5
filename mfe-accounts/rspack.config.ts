import { createAppConfig, federationRuntimeConfig } from '../rspack.config.ts';
// The catalog file itself, not '@outsync/contracts': the config then loads no zod or ky.
import { exposesOfRemote } from '../contracts/src/catalog/routes.ts';

const federated = createAppConfig({
  app: 'mfe-accounts',
  title: 'OutSync connected accounts',
  exposes: {
    ...exposesOfRemote('mfe-accounts', {
      HubspotPage: './src/exposes/hubspot-page.tsx',
      SalesforcePage: './src/exposes/salesforce-page.tsx',
      ApiKeysPage: './src/exposes/api-keys-page.tsx',
      ServicesPage: './src/exposes/services-page.tsx',
      BlockListsPage: './src/exposes/block-lists-page.tsx',
      UsersPage: './src/exposes/users-page.tsx',
      ApiTokensPage: './src/exposes/api-tokens-page.tsx',
    }),
    './mount': './src/exposes/mount.ts',
  },
});

// The module and its own page's federation runtime (rspack.config.ts, `federationRuntimeFile`).
const runtime = federationRuntimeConfig('mfe-accounts');

export default (env: Record<string, unknown> = {}, argv = {}) => [
  federated(env, argv),
  runtime(env, argv),
];
