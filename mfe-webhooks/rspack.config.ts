import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import {
  createAppConfig,
  federationRuntimeConfig,
  isFederationRuntimeFile,
  sourceResolve,
  sourceRules,
} from '../rspack.config.ts';
// The catalog file itself, not '@outsync/contracts': the config then loads no zod or ky.
import { exposesOfRemote } from '../contracts/src/catalog/routes.ts';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/** Where the partner script goes: `dist/embed/outsync-webhooks.js`, served with the remote. */
export const embedDir = 'embed';
export const embedScript = 'outsync-webhooks.js';

const downshiftInShadowRoot = path.join('src', 'embed', 'downshift-in-shadow-root.ts');
const memoryRouter = path.join(appDir, 'src', 'embed', 'memory-router.tsx');

const distDir = path.join(appDir, 'dist');

/**
 * Whether `file` is the embed build's output: the folder itself too. `output.clean` asks about
 * folders as well as files, by absolute path or relative to dist/ (the dev server's memory file
 * system gets absolute ones).
 */
function isEmbedFile(file: string): boolean {
  const relative = path.relative(distDir, path.resolve(distDir, file));
  return relative === embedDir || relative.startsWith(`${embedDir}${path.sep}`);
}

/**
 * Removes the embed's chunks of earlier builds from dist/embed/ after a production build:
 * `output.clean` leaves that folder alone (it holds this build's files too), and hashed chunk
 * names change with every release.
 */
const removeStaleEmbedChunks = {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('RemoveStaleEmbedChunks', (compilation) => {
      const dir = path.join(compiler.outputPath, embedDir);
      if (!existsSync(dir)) return;
      const current = new Set(Object.keys(compilation.assets).map((name) => path.normalize(name)));
      for (const entry of readdirSync(dir)) {
        if (!current.has(path.join(embedDir, entry)))
          rmSync(path.join(dir, entry), { force: true });
      }
    });
  },
};

type Env = Record<string, unknown>;
interface Argv {
  mode?: 'development' | 'production' | 'none';
}

const federated = createAppConfig({
  app: 'mfe-webhooks',
  title: 'OutSync webhooks',
  exposes: {
    ...exposesOfRemote('mfe-webhooks', { WebhooksPage: './src/exposes/webhooks-page.tsx' }),
    './mount': './src/exposes/mount.ts',
  },
});

/**
 * The script partners load with a plain `<script src>` (docs/embedding.md): the webhooks page,
 * `mountWebhooks` and `<outsync-webhooks>`, with React and everything else bundled in and no
 * Module Federation, so a page without React, or with another React, can embed it. One file
 * under a stable name (no chunks to resolve against a partner's page); the server sends it with
 * `Cache-Control: no-cache`, so an ETag check picks up a new release.
 */
function embedConfig(env: Env, argv: Argv): Configuration {
  const mode = argv.mode ?? (env.production ? 'production' : 'development');
  const isProduction = mode === 'production';
  return {
    name: 'mfe-webhooks-embed',
    context: appDir,
    mode,
    entry: { 'outsync-webhooks': './src/embed/index.ts' },
    devtool: isProduction ? 'source-map' : 'cheap-module-source-map',
    output: {
      // The app's dist/, not dist/embed/: the dev server then serves the script at the same path.
      path: distDir,
      filename: `${embedDir}/[name].js`,
      // What the list does not need on first paint (the create form, the settings and test
      // dialogs) is loaded on demand, from beside the script: 'auto' resolves chunk URLs against
      // the script's own address, not the partner's page. Hashed names: cached for good.
      chunkFilename: isProduction
        ? `${embedDir}/[name].[contenthash:8].js`
        : `${embedDir}/[name].js`,
      publicPath: 'auto',
      uniqueName: 'outsyncWebhooksEmbed',
      // Its own files only; the federated build cleans the rest.
      clean: { keep: (file) => !isEmbedFile(file) },
    },
    resolve: {
      ...sourceResolve,
      // One page, a location in memory, never the partner's URL: the few router names the embed
      // uses, without react-router's route matching and data-router code (memory-router.tsx).
      alias: { 'react-router$': memoryRouter },
    },
    module: {
      rules: sourceRules(isProduction),
      // A name the stand-in router (or any module) lacks fails the build, not undefined at runtime.
      parser: { javascript: { exportsPresence: 'error' } },
    },
    optimization: {
      minimizer: [
        // ASCII only (non-ASCII as \u escapes): a partner's page may not declare UTF-8, and a
        // classic script is decoded in the page's encoding unless the server names one.
        new rspack.SwcJsMinimizerRspackPlugin({
          minimizerOptions: { format: { asciiOnly: true } },
        }),
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // Production builds write to disk; the dev server's files live in memory.
      ...(isProduction ? [removeStaleEmbedChunks] : []),
      // The selects live in a shadow root: downshift gets an environment that sees into it
      // (src/embed/downshift-in-shadow-root.ts says why). That file alone imports the real one.
      new rspack.NormalModuleReplacementPlugin(/^downshift$/, (resource) => {
        if (!resource.contextInfo.issuer.endsWith(downshiftInShadowRoot)) {
          resource.request = path.join(appDir, downshiftInShadowRoot);
        }
      }),
    ],
    // The app's dev server serves it (a compiler with `devServer: false` is not served); no hot
    // reload or overlay client in a script that other origins' pages load.
    devServer: { hot: false, liveReload: false, client: false },
    // The dev CLI would make its lazy imports ask the page's own origin to compile them.
    lazyCompilation: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export default function config(env: Env = {}, argv: Argv = {}): Configuration[] {
  const app = federated(env, argv);
  // The embed build and the runtime provider write into the same dist/: the app's clean must
  // leave them be.
  app.output = {
    ...app.output,
    clean: { keep: (file) => isEmbedFile(file) || isFederationRuntimeFile(appDir, file) },
  };
  return [app, embedConfig(env, argv), federationRuntimeConfig('mfe-webhooks')(env, argv)];
}
