import { createAppConfig, federationRuntimeConfig } from '../rspack.config.ts';
// The catalog file itself, not '@outsync/contracts': the config then loads no zod or ky.
import { exposesOfRemote } from '../contracts/src/catalog/routes.ts';

const federated = createAppConfig({
  app: 'mfe-auth',
  title: 'OutSync sign-in',
  exposes: {
    ...exposesOfRemote('mfe-auth', {
      LoginPage: './src/exposes/login-page.tsx',
      VerifyPage: './src/exposes/verify-page.tsx',
    }),
    './mount': './src/exposes/mount.ts',
  },
});

// The module and its own page's federation runtime (rspack.config.ts, `federationRuntimeFile`).
const runtime = federationRuntimeConfig('mfe-auth');

export default (env: Record<string, unknown> = {}, argv = {}) => [
  federated(env, argv),
  runtime(env, argv),
];
