// Every package with unit or integration tests. e2e runs separately (npm run test:e2e).
export default {
  // Per-project testTimeout is ignored by jest; this is the global default.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/contracts',
    '<rootDir>/ui',
    '<rootDir>/app-runtime',
    '<rootDir>/shell',
    '<rootDir>/mfe-auth',
    '<rootDir>/mfe-webhooks',
    '<rootDir>/mfe-accounts',
    '<rootDir>/mfe-history',
    '<rootDir>/sync-service',
    '<rootDir>/tools/embedded-mongo',
    '<rootDir>/tools/sandbox',
    '<rootDir>/scripts',
  ],
};
