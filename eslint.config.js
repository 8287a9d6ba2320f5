// One flat config for the whole repository. The import rules encode ARCHITECTURE.md §5:
// contracts and ui ← features ← exposes/app; no mfe imports another; the shell imports no feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactRouterExports from './scripts/react-router-exports.json' with { type: 'json' };

const mfes = ['mfe-auth', 'mfe-webhooks', 'mfe-accounts', 'mfe-history'];

/** react-router is shared tree-shaken: only the exports every app's build keeps may be used. */
const reactRouterPath = {
  name: 'react-router',
  allowImportNames: reactRouterExports,
  allowTypeImports: true,
  message:
    'react-router is shared tree-shaken; add the name to scripts/react-router-exports.json first.',
};

/** Forbid importing the other areas, by package name and by path. */
function isolate(area, others, message) {
  return {
    files: [`${area}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [reactRouterPath],
          patterns: others.map((other) => ({
            group: [`@outsync/${other}`, `@outsync/${other}/*`],
            message,
          })),
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: others.map((other) => ({
            target: `./${area}`,
            from: `./${other}`,
            message,
          })),
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      'e2e/artifacts/**',
      '**/@mf-types/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: {
      globals: { ...globals.node },
    },
    settings: {
      // Resolves TypeScript sources, so path rules see relative imports of .ts/.tsx files.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-cycle': 'off',
    },
  },
  {
    files: ['{ui,app-runtime,shell,mfe-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // CommonJS on purpose: jest loads these transformers and environments with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Module boundaries.
  ...mfes.map((mfe) =>
    isolate(
      mfe,
      [...mfes.filter((other) => other !== mfe), 'shell', 'sync-service'],
      'A federated module never imports another area; share code through @outsync/ui or @outsync/contracts.',
    ),
  ),
  isolate(
    'shell',
    [...mfes, 'sync-service'],
    'The shell imports no feature: load areas at run time through Module Federation.',
  ),
  isolate(
    'ui',
    [...mfes, 'shell', 'sync-service', 'app-runtime'],
    '@outsync/ui is the design system: it sits below every feature and the app plumbing, and imports neither.',
  ),
  isolate(
    'app-runtime',
    [...mfes, 'shell', 'sync-service'],
    '@outsync/app-runtime is shared plumbing below every area: it imports none.',
  ),
  isolate(
    'contracts',
    [...mfes, 'shell', 'sync-service', 'ui', 'app-runtime'],
    '@outsync/contracts is the shared base: it imports no app code.',
  ),
  isolate(
    'sync-service',
    [...mfes, 'shell', 'ui', 'app-runtime'],
    'The service shares only @outsync/contracts with the front end.',
  ),
);
