import { createAppConfig } from '../rspack.config.ts';
// The catalog file itself, not '@outsync/contracts': the config then loads no zod or ky.
import { exposesOfRemote } from '../contracts/src/catalog/routes.ts';

export default createAppConfig({
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
