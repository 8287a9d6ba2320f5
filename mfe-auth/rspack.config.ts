import { createAppConfig } from '../rspack.config.ts';

export default createAppConfig({
  app: 'mfe-auth',
  title: 'OutSync sign-in',
  exposes: {
    './LoginPage': './src/exposes/login-page.tsx',
    './VerifyPage': './src/exposes/verify-page.tsx',
    './mount': './src/exposes/mount.ts',
  },
});
