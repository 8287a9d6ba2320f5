import { createAppConfig, federationRuntimeConfig } from '../rspack.config.ts';
// The catalog file itself, not '@outsync/contracts': the config then loads no zod or ky.
import { exposesOfRemote } from '../contracts/src/catalog/routes.ts';

const federated = createAppConfig({
  app: 'mfe-history',
  title: 'OutSync history',
  exposes: {
    ...exposesOfRemote('mfe-history', {
      WebhookLogsPage: './src/exposes/webhook-logs-page.tsx',
      BlockListLogsPage: './src/exposes/block-list-logs-page.tsx',
      CategoryBaseFilterLogsPage: './src/exposes/category-base-filter-logs-page.tsx',
      AuditLogPage: './src/exposes/audit-log-page.tsx',
    }),
    './mount': './src/exposes/mount.ts',
  },
});

// The module and its own page's federation runtime (rspack.config.ts, `federationRuntimeFile`).
const runtime = federationRuntimeConfig('mfe-history');

export default (env: Record<string, unknown> = {}, argv = {}) => [
  federated(env, argv),
  runtime(env, argv),
];
