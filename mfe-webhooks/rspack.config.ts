import { createAppConfig } from '../rspack.config.ts';
// The catalog file itself, not '@outsync/contracts': the config then loads no zod or ky.
import { exposesOfRemote } from '../contracts/src/catalog/routes.ts';

export default createAppConfig({
  app: 'mfe-webhooks',
  title: 'OutSync webhooks',
  exposes: {
    ...exposesOfRemote('mfe-webhooks', { WebhooksPage: './src/exposes/webhooks-page.tsx' }),
    './mount': './src/exposes/mount.ts',
  },
});
