import { createAppConfig } from '../rspack.config.ts';

export default createAppConfig({
  app: 'mfe-webhooks',
  title: 'OutSync webhooks',
  exposes: {
    './WebhooksPage': './src/exposes/webhooks-page.tsx',
    './mount': './src/exposes/mount.ts',
  },
});
