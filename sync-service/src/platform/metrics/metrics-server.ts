import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCodes } from '@outsync/contracts';
import type { Logger } from '../logger';
import type { Registry } from 'prom-client';

export type MetricsServerOptions = {
  port: number;
  host: string;
  registry: Registry;
  /** `/readyz`'s answer (MongoDB answers a ping), as the API's own. */
  readiness(): Promise<{ ready: boolean; checks: readonly unknown[] }>;
  logger: Logger;
};

export type MetricsServer = {
  /** e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
};

/**
 * The process's own port for operators (METRICS_PORT): `GET /metrics` in Prometheus text format,
 * and `/healthz` and `/readyz` as the API answers them, so a worker-only process (which serves
 * no API) can be probed and scraped too. Nothing of the product is served here, and the shell's
 * proxy forwards nothing to it.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { registry, logger } = options;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return json(response, 405, { message: 'Method not allowed', code: 'method_not_allowed' });
    if (path === '/metrics') {
      registry.metrics().then(
        (text) => {
          response.writeHead(200, {
            'content-type': registry.contentType,
            'cache-control': 'no-store',
          });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'could not collect the metrics');
          json(response, 500, { message: 'Internal error', code: ErrorCodes.internalError });
        },
      );
      return;
    }
    if (path === '/healthz') return json(response, 200, { status: 'ok' });
    if (path === '/readyz') {
      options.readiness().then(
        ({ ready, checks }) =>
          ready
            ? json(response, 200, { status: 'ok', checks })
            : json(response, 503, {
                message: 'Service not ready',
                code: ErrorCodes.notReady,
                details: { checks },
              }),
        () => json(response, 503, { message: 'Service not ready', code: ErrorCodes.notReady }),
      );
      return;
    }
    json(response, 404, { message: 'Not found', code: ErrorCodes.notFound });
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
