import { createAppConfig } from '../rspack.config.ts';

export default createAppConfig({
  app: 'mfe-accounts',
  title: 'OutSync connected accounts',
  exposes: {
    './HubspotPage': './src/exposes/hubspot-page.tsx',
    './SalesforcePage': './src/exposes/salesforce-page.tsx',
    './ApiKeysPage': './src/exposes/api-keys-page.tsx',
    './ServicesPage': './src/exposes/services-page.tsx',
    './BlockListsPage': './src/exposes/block-lists-page.tsx',
    './UsersPage': './src/exposes/users-page.tsx',
    './mount': './src/exposes/mount.ts',
  },
});
