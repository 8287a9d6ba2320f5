// The design-system gallery: one static page showing every @outsync/ui primitive in its states.
// A plain single-page build (no Module Federation): the gallery is a tool, not a remote.
//   npm run dev -w ui            serves it with live reload on GALLERY_PORT (default 3100)
//   npm run build:gallery -w ui  builds it to ui/gallery/dist
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { sourceResolve, sourceRules } from '../../rspack.config.ts';

const galleryDir = path.dirname(fileURLToPath(import.meta.url));

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>OutSync UI — design-system gallery</title>
    <!-- Inline, so the page asks for no /favicon.ico (a 404 in the console). -->
    <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%23111827'/%3E%3Cpath d='M9 16h14M17 10l6 6-6 6' stroke='%23a5b4fc' stroke-width='3' fill='none'/%3E%3C/svg%3E" />
  </head>
  <body>
    <noscript>The gallery needs JavaScript.</noscript>
    <div id="root"></div>
  </body>
</html>`;

interface Argv {
  mode?: 'development' | 'production' | 'none';
}

export default (_env: Record<string, unknown> = {}, argv: Argv = {}): Configuration => {
  const mode = argv.mode ?? 'development';
  const isProduction = mode === 'production';
  return {
    name: 'ui-gallery',
    context: galleryDir,
    mode,
    entry: { main: './index.tsx' },
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(galleryDir, 'dist'),
      // Relative chunk URLs: the built page works from any folder of any static host.
      publicPath: 'auto',
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: sourceResolve,
    module: { rules: sourceRules(isProduction) },
    plugins: [new rspack.HtmlRspackPlugin({ templateContent: indexHtml })],
    devServer: {
      port: Number(process.env.GALLERY_PORT ?? 3100),
      host: '127.0.0.1',
      allowedHosts: ['localhost', '127.0.0.1'],
      // No React Fast Refresh plugin is installed: an edit reloads the page (state resets).
      hot: true,
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
