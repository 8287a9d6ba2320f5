// One flat config for the whole repository. The import rules encode ARCHITECTURE.md §5:
// contracts and ui ← features ← exposes/app; no mfe imports another; the shell imports no feature.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jest from 'eslint-plugin-jest';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactRouterExports from './scripts/react-router-exports.json' with { type: 'json' };

const mfes = ['mfe-auth', 'mfe-webhooks', 'mfe-accounts', 'mfe-history'];
// src/testing/ holds test harnesses (app-runtime's `./testing` entry, sync-service's), imported
// only by tests.
const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/src/test/**/*.{ts,tsx}',
  '**/src/testing/**/*.{ts,tsx}',
];

// Path zones resolve from here, not from wherever ESLint was started (an editor, a sub-folder).
const repoRoot = import.meta.dirname;

/** react-router is shared tree-shaken: only the exports every app's build keeps may be used. */
const reactRouterPath = {
  name: 'react-router',
  allowImportNames: reactRouterExports,
  allowTypeImports: true,
  message:
    'react-router is shared tree-shaken; add the name to scripts/react-router-exports.json first.',
};

/** The sub-folders of a repository folder as they are at lint time; none if it does not exist. */
function foldersIn(folder) {
  try {
    return readdirSync(path.join(repoRoot, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Inside an mfe: a feature imports neither exposes/ nor app/ (they compose features), nor
 * another feature. One zone per feature present, keyed by the feature being imported: an import
 * only resolves to a folder that exists, so the zones are complete however many features are
 * added, and the importing file may sit in a feature folder that is new.
 */
function featureZones(mfe) {
  const features = `${mfe}/src/features`;
  return [
    {
      target: features,
      from: [`${mfe}/src/exposes`, `${mfe}/src/app`],
      message: 'A feature never imports exposes/ or app/: they compose the features.',
    },
    ...foldersIn(features).map((feature) => ({
      target: `${features}/!(${feature})/**`,
      from: `${features}/${feature}`,
      message: `One feature never imports another ('${feature}'): share through @outsync/ui or @outsync/contracts, or compose both in exposes/.`,
    })),
  ];
}

/**
 * In sync-service (ARCHITECTURE.md §3, §5): platform/ is the bottom layer and imports none of
 * features/, pipeline/ or connectors/; connectors/ are typed clients of outside APIs and import
 * neither features/ nor pipeline/; pipeline/ is the event pipeline's core and imports no feature
 * (what it needs of them, ports.ts declares and the composition root wires). A feature is used
 * from anywhere outside it (another feature, the composition root, testing/, tests) only through
 * its index.ts: its models and inner files stay its own. One zone per feature present, as for
 * the front end's features.
 */
function syncServiceZones() {
  const src = 'sync-service/src';
  const features = `${src}/features`;
  return [
    {
      target: `${src}/platform`,
      from: [features, `${src}/pipeline`, `${src}/connectors`],
      message:
        'platform/ is the bottom layer: it imports none of features/, pipeline/ or connectors/.',
    },
    {
      target: `${src}/connectors`,
      from: [features, `${src}/pipeline`],
      message:
        'connectors/ are clients of outside APIs: they import neither features/ nor pipeline/.',
    },
    {
      target: `${src}/pipeline`,
      from: features,
      message:
        'pipeline/ imports no feature: declare what it needs in pipeline/ports.ts and wire it in composition.ts.',
    },
    ...foldersIn(features).map((feature) => ({
      target: [`${features}/!(${feature})/**`, `${src}/*.ts`, `${src}/testing/**`],
      from: `${features}/${feature}/**`,
      // Glob exceptions are matched against absolute paths as they are.
      except: [`${repoRoot}/${features}/${feature}/index.{ts,tsx}`],
      message: `A feature ('${feature}') is used from outside only through its index.ts.`,
    })),
  ];
}

/**
 * In sync-service (issue 28): a feature owns its collections. Another feature reaches one through
 * the port the owner's index.ts exports (ProfileRecords, ApiKeyRecords…), never through its model,
 * so no feature imports a name ending in Model(s) from another. The composition root builds the
 * models and may, as may testing/ and tests (`*.test-support.ts` included). Core
 * no-restricted-imports, so it adds to the @typescript-eslint/ one isolate() sets instead of
 * replacing it. A feature is imported only through its index (syncServiceZones), as `../<f>`.
 */
function syncServiceModelImports() {
  const features = 'sync-service/src/features';
  const names = foldersIn(features);
  if (names.length === 0) return [];
  return [
    {
      files: [`${features}/**/*.{ts,tsx}`],
      ignores: [...testFiles, '**/*.test-support.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(${names.join('|')})(/index)?$`,
                importNamePattern: 'Models?$',
                message:
                  "A feature's models are its own: take the port its index.ts exports (e.g. ProfileRecords), which the composition root builds.",
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * Forbid importing the other areas, by package name and by path, plus the area's own inner
 * zones. One rule per area: a later config object's no-restricted-paths would replace this one
 * for the same files, not add to it.
 */
function isolate(area, others, message, innerZones = []) {
  const areaPatterns = others.map((other) => ({
    group: [`@outsync/${other}`, `@outsync/${other}/*`],
    message,
  }));
  return [
    {
      files: [`${area}/**/*.{ts,tsx}`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { paths: [reactRouterPath], patterns: areaPatterns },
        ],
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: repoRoot,
            zones: [
              ...others.map((other) => ({
                target: `./${area}`,
                from: `./${other}`,
                message,
              })),
              ...innerZones,
            ],
          },
        ],
      },
    },
    {
      // Tests never enter a bundle, so they may use any react-router export (MemoryRouter,
      // createMemoryRouter); the ban on other areas still holds.
      files: testFiles.map((glob) => `${area}/${glob}`),
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { paths: [], patterns: areaPatterns },
        ],
      },
    },
  ];
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
      '.stryker-tmp/**',
      'contracts/reports/**',
      'sync-service/reports/**',
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
      // The files import-x reads to follow imports (no-cycle); its default is JavaScript only.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['{ui,app-runtime,shell,mfe-*}/src/**/*.{ts,tsx}', 'ui/gallery/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The theme is constant CSS variable references (ui/src/theme/theme.ts): a styled component
      // reads it from the import. Taken from its props, it makes the component dynamic, its CSS
      // made again for every element on every render (docs/decisions.md, "Static styles").
      'no-restricted-syntax': [
        'error',
        {
          selector: "ArrowFunctionExpression > ObjectPattern > Property[key.name='theme']",
          message:
            "Read the theme from `import { theme } from '@outsync/ui'` (inside ui's barrel, './theme/theme'), not from props: a props function makes a styled component's CSS dynamic.",
        },
      ],
    },
  },
  {
    // A committed .only or .skip fails lint (--max-warnings 0 makes every warning fail too).
    files: ['**/*.test.{ts,tsx}'],
    ...jest.configs['flat/recommended'],
    settings: { jest: { version: 30 } },
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      // Helpers that assert count as assertions: eventually() (polls until true, else throws),
      // findLanding() (waits for a path), and the sandbox contract test's hs()/inst(), which
      // check each call against the vendor's OpenAPI file.
      'jest/expect-expect': [
        'error',
        {
          assertFunctionNames: [
            'expect',
            'expect[A-Z]*',
            'eventually',
            'findLanding',
            'hs',
            'inst',
          ],
        },
      ],
      // Two tests assert conditionally on purpose (a random code that may repeat, a subset of
      // survivors).
      'jest/no-conditional-expect': 'off',
    },
  },
  {
    // CommonJS on purpose: jest loads these transformers and environments with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // zod reaches the front end through the shared `@outsync/contracts/zod` (contracts/src/zod.ts);
    // importing the package directly would bundle a second zod into the importing app.
    files: ['{contracts,app-runtime,shell,mfe-*}/src/**/*.{ts,tsx}'],
    ignores: ['contracts/src/zod.ts', 'contracts/src/zod-server.ts', ...testFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Use `import * as z from '@outsync/contracts/zod'`, the shared copy; add a missing zod function to contracts/src/zod.ts.",
            },
          ],
          patterns: [
            {
              group: ['zod/*'],
              message: "zod is shared as '@outsync/contracts/zod'; a zod subpath bundles a copy.",
            },
          ],
        },
      ],
    },
  },
  // Module boundaries.
  ...mfes.flatMap((mfe) =>
    isolate(
      mfe,
      [...mfes.filter((other) => other !== mfe), 'shell', 'sync-service'],
      'A federated module never imports another area; share code through @outsync/ui or @outsync/contracts.',
      featureZones(mfe),
    ),
  ),
  ...isolate(
    'shell',
    [...mfes, 'sync-service'],
    'The shell imports no feature: load areas at run time through Module Federation.',
  ),
  ...isolate(
    'ui',
    [...mfes, 'shell', 'sync-service', 'app-runtime'],
    '@outsync/ui is the design system: it sits below every feature and the app plumbing, and imports neither.',
  ),
  ...isolate(
    'app-runtime',
    [...mfes, 'shell', 'sync-service'],
    '@outsync/app-runtime is shared plumbing below every area: it imports none.',
  ),
  ...isolate(
    'contracts',
    [...mfes, 'shell', 'sync-service', 'ui', 'app-runtime'],
    '@outsync/contracts is the shared base: it imports no app code.',
  ),
  ...isolate(
    'sync-service',
    [...mfes, 'shell', 'ui', 'app-runtime'],
    'The service shares only @outsync/contracts with the front end.',
    syncServiceZones(),
  ),
  ...syncServiceModelImports(),
);
