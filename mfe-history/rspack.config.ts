import { createAppConfig } from '../rspack.config.ts';

export default createAppConfig({
  app: 'mfe-history',
  title: 'OutSync history',
  exposes: {
    './WebhookLogsPage': './src/exposes/webhook-logs-page.tsx',
    './BlockListLogsPage': './src/exposes/block-list-logs-page.tsx',
    './CategoryBaseFilterLogsPage': './src/exposes/category-base-filter-logs-page.tsx',
    './mount': './src/exposes/mount.ts',
  },
});
