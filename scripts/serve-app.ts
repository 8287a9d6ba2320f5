// Serves one built front-end app on its own port, as a static host or CDN would in production.
// The shell also answers /remotes.json and forwards API paths to the sync-service.
import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { repoRoot } from './repo-root.ts';
import { apps, federationRuntimeFile, proxiedPrefixes, type AppName } from './topology.ts';

export interface AppServerOptions {
  app: AppName;
  port: number;
  host?: string;
  /** Shell only: the /remotes.json body, computed per request so a moved remote is picked up. */
  remotes?: () => Record<string, string>;
  /**
   * Shell only: a file whose content is /remotes.json (env REMOTES_JSON_FILE), read per request,
   * so an operator releases or rolls back a module by editing it. Wins over `remotes`.
   */
  remotesFile?: string;
  /** Shell only: origin of the sync-service the API paths are forwarded to. */
  apiOrigin?: string;
  /** The built files; defaults to the app's dist folder. */
  distDir?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

// Entry files must never be cached: they name the hashed chunks of the current release.
// deploy/nginx/outsync.conf repeats this list (scripts/deploy-files.test.ts compares them).
export const entryFiles = new Set([
  '/index.html',
  '/mf-manifest.json',
  '/remoteEntry.js',
  '/mf-stats.json',
  // A module's own page loads the federation runtime by this stable name (scripts/topology.ts).
  `/${federationRuntimeFile}`,
  `/${federationRuntimeFile}.map`,
  // The embed script partners load by a stable name (docs/embedding.md): a release must reach them.
  '/embed/outsync-webhooks.js',
  '/embed/outsync-webhooks.js.map',
]);

/**
 * Immutable only for a file whose name carries its content hash (`main.cf61903d.js`): anything
 * else — an entry file, the shell's `/` or an SPA route answered with index.html — is revalidated,
 * so a release reaches browsers at once.
 */
export function cacheControlOf(pathname: string): string {
  const hashed = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/.test(pathname);
  return hashed && !entryFiles.has(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function serveApp(options: AppServerOptions): Promise<RunningServer> {
  const isShell = options.app === 'shell';
  const dist = options.distDir ?? path.join(repoRoot, apps[options.app].folder, 'dist');
  const statics = sirv(dist, {
    single: isShell,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlOf(pathname));
      // Remotes are fetched cross-origin by the shell (and by partner portals).
      if (!isShell) res.setHeader('Access-Control-Allow-Origin', '*');
    },
  });

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (isShell && url.split('?')[0] === '/remotes.json') {
      if (options.remotesFile) return void sendRemotesFile(res, options.remotesFile);
      if (options.remotes) return sendJson(res, options.remotes());
    }
    if (isShell && options.apiOrigin && proxiedPrefixes.some((p) => matchesPrefix(url, p))) {
      return forward(req, res, options.apiOrigin);
    }
    statics(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  });
  return listen(server, options.port, options.host ?? '127.0.0.1');
}

function matchesPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

function sendJson(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The operator's file as it is now. Its content is passed through unparsed: the shell validates
 * it (a broken entry becomes that module's unavailable tile), and a file that cannot be read
 * answers 503 so the shell shows every module's tile instead of a stale list.
 */
async function sendRemotesFile(res: ServerResponse, file: string) {
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(body);
  } catch (error) {
    console.error(`[outsync] cannot read REMOTES_JSON_FILE ${file}: ${String(error)}`);
    res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(
      JSON.stringify({
        message: 'The list of modules cannot be read.',
        code: 'remotes_unavailable',
      }),
    );
  }
}

/** Headers of one connection, not of the message (RFC 9110 §7.6.1): a proxy drops them. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** The headers without the hop-by-hop ones, and without those `Connection` names. */
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const dropped = new Set([...HOP_BY_HOP, ...named]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name)));
}

/**
 * A plain streaming reverse proxy: method, path, end-to-end headers and body go through; the
 * hop-by-hop headers stay on their own connection (a client's `Connection: close` must not
 * close the proxy's connection to the service mid-body).
 */
function forward(req: IncomingMessage, res: ServerResponse, origin: string) {
  const target = new URL(req.url ?? '/', origin);
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
    .filter(Boolean)
    .join(', ');
  const upstream = http.request(
    target,
    {
      method: req.method,
      headers: {
        ...endToEnd(req.headers),
        host: target.host,
        'x-forwarded-for': forwardedFor,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
      },
    },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, endToEnd(upstreamRes.headers));
      // Cut off mid-answer (the service stopped, or the close below): the client's ends too.
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.pipe(res);
    },
  );
  // A client that goes away before the answer ended (a closed live view's event stream, which
  // never ends by itself) ends the call to the service too, or it would stay open there.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ message: 'The OutSync service is not reachable.', code: 'bad_gateway' }),
    );
  });
  req.pipe(upstream);
}

function listen(server: http.Server, port: number, host: string): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({
        url: `http://localhost:${actual}`,
        port: actual,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
