import type { RouteDefinition, RouteParsedInput } from '@outsync/contracts';
import { validateRequest } from './route';
import { authenticate } from './session';
import type { AppContext, AppRouter } from './types';

/** One server-sent event: its name, its JSON data and its id (what a reconnect sends back). */
export type ServerSentEvent = { event: string; data: unknown; id?: string };

/** What a stream handler writes to, until the client goes away. */
export type EventStream = {
  send(message: ServerSentEvent): void;
  /** Runs once when the client disconnects or the service closes the stream. */
  onClose(listener: () => void): void;
  /** Ends the stream from the service's side (a shutdown). */
  close(): void;
};

export type EventStreamOptions = {
  /** A comment line this often, so proxies and load balancers keep an idle stream open. */
  heartbeatMs: number;
  /** The reconnect delay the browser's EventSource is told (`retry:`). */
  retryMs: number;
};

/** `event:`, `id:` and one `data:` line (JSON has no raw line breaks), then the blank line. */
export function formatServerSentEvent(message: ServerSentEvent): string {
  const id = message.id === undefined ? '' : `id: ${message.id.replace(/[\r\n]/g, '')}\n`;
  return `event: ${message.event}\n${id}data: ${JSON.stringify(message.data)}\n\n`;
}

/**
 * Mounts a contracts route that `produces: 'text/event-stream'`: the session (or bearer token)
 * check and request validation of `addRoute`, whose refusals answer with the JSON envelope since
 * they come before the first byte. Then the answer is a stream that nothing may hold back:
 * `no-transform` keeps compressing middleware (the dev server's `compression`) and proxies from
 * buffering it, `X-Accel-Buffering: no` tells nginx the same, and the headers leave at once with
 * the `retry:` line instead of with the first event.
 */
export function addEventStreamRoute<R extends RouteDefinition & { produces: 'text/event-stream' }>(
  router: AppRouter,
  route: R,
  handler: (
    input: RouteParsedInput<R>,
    stream: EventStream,
    ctx: AppContext,
  ) => void | Promise<void>,
  options: EventStreamOptions,
): void {
  router.register(route.path, [route.method.toUpperCase()], async (ctx) => {
    if ((route.auth ?? 'session') === 'session') await authenticate(ctx);
    const input = validateRequest(route, {
      params: ctx.params,
      query: ctx.query,
      body: undefined,
    });
    const res = ctx.res;
    const listeners: (() => void)[] = [];
    let open = true;
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), options.heartbeatMs);
    heartbeat.unref();
    function write(text: string): void {
      if (open && !res.writableEnded) res.write(text);
    }
    function closed(): void {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      for (const listener of listeners.splice(0)) listener();
    }
    // The client went away (or the service ended the answer).
    res.on('close', closed);
    const stream: EventStream = {
      send: (message) => write(formatServerSentEvent(message)),
      onClose: (listener) => {
        if (open) listeners.push(listener);
        else listener();
      },
      close: () => {
        closed();
        res.end();
      },
    };
    // A stream lives for as long as the viewer looks: no idle timeout, and small writes go out
    // at once.
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.status = route.status ?? 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store, no-transform');
    ctx.set('X-Accel-Buffering', 'no');
    // Written here rather than piped by Koa: a viewer closing the page is the normal end of a
    // stream, not an error to log. The headers set so far (CORS among them) go out now.
    ctx.respond = false;
    res.writeHead(ctx.status);
    write(`retry: ${options.retryMs}\n\n`);
    try {
      await handler(input, stream, ctx);
    } catch (error) {
      // Past the headers an error cannot be an envelope: end the stream, and the browser
      // reconnects with its Last-Event-ID.
      ctx.state.log.error({ err: error }, 'event stream failed');
      stream.close();
    }
  });
}
