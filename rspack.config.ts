// One factory for every front-end app. Each app's own rspack.config.ts is a few lines:
//   export default createAppConfig({ app: 'mfe-webhooks', exposes: { './WebhooksPage': ... } });
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import reactRouterExportList from './scripts/react-router-exports.json';
// The catalog file itself, not '@outsync/contracts': the config then loads no zod or ky.
import {
  API_CONTRACT_VERSION,
  remoteDeclarationKey,
  type RemoteDeclaration,
} from './contracts/src/catalog/compatibility.ts';
import {
  apps,
  federationRuntimeFile,
  portOf,
  proxiedPrefixes,
  remotesManifest,
  syncServiceOrigin,
  type AppName,
} from './scripts/topology.ts';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * Shared once across host and remotes (ARCHITECTURE.md §2). Subpaths are listed explicitly.
 * A shared module loads whole (react-router aside, below), from the first app that loads it, so
 * only what must be one instance per page, or what the shell loads anyway, is shared: React and
 * the libraries holding a context or a store, our ui and app-runtime, the contracts core
 * (`@outsync/contracts`: `ApiError` is checked with `instanceof` across the shell's client and the
 * modules) and `@outsync/contracts/zod`, the one zod every contracts entry uses (its import
 * installs the classic methods on zod/mini's classes: contracts/src/zod.ts says why). The area
 * entries (`@outsync/contracts/accounts`, `/webhooks`, `/history`) are not shared: they hold only
 * stateless schemas, rules and route tables, so each module bundles the parts it uses,
 * tree-shaken (contracts/package.json's `sideEffects` lets the build drop the rest), instead of a
 * whole area on its first load (docs/decisions.md, "Bundle budgets (issue 32)", "Third pass").
 */
export const sharedSingletons = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  'react-router',
  'styled-components',
  'jotai',
  '@tanstack/react-query',
  '@outsync/ui',
  '@outsync/app-runtime',
  '@outsync/contracts/zod',
  '@outsync/contracts',
] as const;

/**
 * react-router is shared tree-shaken (64 → ~13 KB gzip in declarative mode): every app provides the same build with
 * exactly these exports, so a remote never needs a fallback copy (a second router would break
 * the shared context). ESLint allows importing only these names from 'react-router'; add a
 * name to scripts/react-router-exports.json to use it.
 */
export const reactRouterExports: string[] = reactRouterExportList;

/**
 * Build-time settings of the federation runtime every app shares: only the browser's code paths
 * (`target: 'web'` drops the runtime's Node script loading, ≈ 2 KB gzip per app).
 */
function federationExperiments(isHost: boolean) {
  // The shell provides the runtime core on `globalThis`; the remotes use it (scripts/topology.ts,
  // `federationRuntimeFile`, says how a module's own page gets one).
  return {
    ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
    optimization: { target: 'web' as const },
  };
}

export interface AppConfigOptions {
  app: AppName;
  /** Modules this app exposes to hosts (remotes only). Keys like './WebhooksPage'. */
  exposes?: Record<string, string>;
  /** Runtime plugins (paths) the federation runtime loads before anything else. */
  runtimePlugins?: string[];
  /** Page title for the app's own index.html. */
  title: string;
}

interface Argv {
  mode?: 'development' | 'production' | 'none';
}

/**
 * The app's own page. A remote's page first loads the federation runtime provider (a classic
 * script, so it runs before the deferred entry scripts the plugin injects).
 */
function indexHtml(title: string, runtimeScript?: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>${runtimeScript ? `\n    <script src="${runtimeScript}"></script>` : ''}
    <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%23111827'/%3E%3Cpath d='M9 16h14M17 10l6 6-6 6' stroke='%23a5b4fc' stroke-width='3' fill='none'/%3E%3C/svg%3E" />
  </head>
  <body>
    <noscript>OutSync needs JavaScript.</noscript>
    <div id="root"></div>
  </body>
</html>`;
}

/** How every front-end build (the apps, the ui gallery) resolves our TypeScript sources. */
export const sourceResolve = {
  extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
  // Workspace packages are consumed as TypeScript source; ".js" specifiers map to ".ts".
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/** TypeScript and JSX through the builtin swc loader, and SVGs as files. */
export function sourceRules(isProduction: boolean) {
  return [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !isProduction } },
        },
        env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4' },
      },
      type: 'javascript/auto' as const,
    },
    { test: /\.svg$/, type: 'asset/resource' as const },
  ];
}

const declaration: RemoteDeclaration = { apiContractVersion: API_CONTRACT_VERSION };

/** Writes the remote's declaration into mf-manifest.json (and mf-stats.json) as `metaData.outsync`. */
function declareCompatibility({ stats }: { stats: { metaData: object } }): void {
  Object.assign(stats.metaData, { [remoteDeclarationKey]: declaration });
}

export function createAppConfig(options: AppConfigOptions) {
  return (env: Record<string, unknown> = {}, argv: Argv = {}): Configuration => {
    const appDir = path.join(repoRoot, options.app);
    const info = apps[options.app];
    const isHost = options.app === 'shell';
    const mode = argv.mode ?? (env.production ? 'production' : 'development');
    const isProduction = mode === 'production';

    return {
      name: options.app,
      context: appDir,
      mode,
      entry: { main: './src/index.ts' },
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        // The host serves deep SPA URLs, so its chunks must load from the root; remotes resolve
        // their own origin at run time from the manifest URL.
        publicPath: isHost ? '/' : 'auto',
        filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: info.federationName,
        // A remote's dist/ also holds the runtime provider, written by its own build.
        clean: isHost ? true : { keep: (file: string) => isFederationRuntimeFile(appDir, file) },
      },
      resolve: sourceResolve,
      module: { rules: sourceRules(isProduction) },
      optimization: {
        // Named chunks keep the loaded files recognisable (the singleton test and the bundle bench
        // read them); the cost is a few bytes per chunk id.
        chunkIds: 'named',
        moduleIds: isProduction ? 'deterministic' : 'named',
      },
      plugins: [
        new rspack.HtmlRspackPlugin({
          templateContent: indexHtml(options.title, isHost ? undefined : federationRuntimeFile),
        }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
        }),
        new ModuleFederationPlugin({
          name: info.federationName,
          filename: 'remoteEntry.js',
          exposes: options.exposes ?? {},
          shared: Object.fromEntries(
            sharedSingletons.map((pkg) => [
              pkg,
              {
                singleton: true,
                strictVersion: false,
                ...(pkg === 'react-router'
                  ? {
                      treeShaking: {
                        mode: 'runtime-infer' as const,
                        usedExports: [...reactRouterExports],
                      },
                    }
                  : {}),
              },
            ]),
          ),
          // A singleton already loaded is the one every later remote gets. With 'version-first' a
          // remote loaded after another (webhooks, then accounts) could get the other remote's
          // not-yet-loaded copy of an equal version: a second react-router without the shell's
          // Router context ("useLocation() may be used only in the context of a <Router>").
          shareStrategy: 'loaded-first',
          runtimePlugins: options.runtimePlugins ?? [],
          // The manifest already carries the release (`metaData.buildInfo.buildVersion`: the app's
          // package.json version, or MF_BUILD_VERSION when set). A remote adds what it needs from
          // its host, which the shell checks before loading its code (shared ranges are in
          // `shared[].requiredVersion` already).
          manifest: isHost ? true : { additionalData: declareCompatibility },
          dts: false,
          experiments: federationExperiments(isHost),
        }),
      ],
      devServer: {
        port: portOf(info),
        host: '127.0.0.1',
        // The page is opened as localhost; remotes' hot-reload sockets come from the shell's origin.
        allowedHosts: ['localhost', '127.0.0.1'],
        hot: true,
        // Deep links work in the shell and in a remote running alone.
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: isHost
          ? [
              {
                context: [...proxiedPrefixes],
                target: syncServiceOrigin(),
                changeOrigin: false,
                xfwd: true,
              },
            ]
          : undefined,
        setupMiddlewares: (middlewares) => {
          if (isHost) {
            middlewares.unshift({
              name: 'remotes-json',
              path: '/remotes.json',
              middleware: (_req: IncomingMessage, res: ServerResponse) => {
                res.setHeader('Content-Type', 'application/json');
                res.setHeader('Cache-Control', 'no-store');
                // An operator's file, when named, replaces the list computed from the env (as
                // scripts/serve-app.ts does for `npm start`).
                const file = process.env.REMOTES_JSON_FILE;
                res.end(
                  file ? readFileSync(path.resolve(file)) : JSON.stringify(remotesManifest()),
                );
              },
            });
          }
          return middlewares;
        },
      },
      performance: { hints: false },
      // Remotes resolve their public path from the manifest URL at run time, on purpose.
      ignoreWarnings: [/Manifest will use absolute path resolution/],
      stats: 'errors-warnings',
    };
  };
}

/** Whether `file` (absolute, or relative to the app's dist/) is the runtime provider or its map. */
export function isFederationRuntimeFile(appDir: string, file: string): boolean {
  const dist = path.join(appDir, 'dist');
  const relative = path.relative(dist, path.resolve(dist, file));
  return relative === federationRuntimeFile || relative === `${federationRuntimeFile}.map`;
}

/**
 * The runtime provider of a remote's own page (see `federationRuntimeFile`): a second, plain
 * (non-federated) build next to the app's, into the same dist/. The apps' rspack.config.ts
 * export both: `[createAppConfig(…)(env, argv), federationRuntimeConfig(app)(env, argv)]`.
 */
export function federationRuntimeConfig(app: AppName) {
  return (env: Record<string, unknown> = {}, argv: Argv = {}): Configuration => {
    const appDir = path.join(repoRoot, app);
    const mode = argv.mode ?? (env.production ? 'production' : 'development');
    const isProduction = mode === 'production';
    return {
      name: `${app}-federation-runtime`,
      context: appDir,
      mode,
      entry: { 'federation-runtime': path.join(repoRoot, 'scripts/federation-runtime.ts') },
      devtool: isProduction ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        filename: federationRuntimeFile,
        publicPath: 'auto',
        asyncChunks: false,
        uniqueName: `${apps[app].federationName}_runtime`,
        // Its own file only; the app's build cleans the rest.
        clean: { keep: (file: string) => !isFederationRuntimeFile(appDir, file) },
      },
      resolve: sourceResolve,
      module: { rules: sourceRules(isProduction) },
      plugins: [
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
          // The same browser-only code paths as the apps' federation runtime.
          ENV_TARGET: JSON.stringify('web'),
        }),
      ],
      // Served by the app's dev server, without a hot-reload client of its own.
      devServer: { hot: false, liveReload: false, client: false },
      lazyCompilation: false,
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
