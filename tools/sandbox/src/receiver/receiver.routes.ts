import { Router } from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { html, page, table } from '../core/html.ts';
import type { SandboxState } from '../sandbox-state.ts';

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * `/receiver/<name>`: a webhook endpoint the product can be pointed at. Every request is
 * recorded (method, headers, body, time) and answered 200 `{ok: true}`, or with the status
 * `POST /_sandbox/receiver/<name>/mode` set (500, 410, …) to test failing endpoints.
 * `GET /receiver/<name>/requests` lists what arrived; `/inspect/receivers` shows it.
 */
export function receiverRouter(state: SandboxState): Router {
  const router = new Router();
  router.get('/receiver/:name/requests', (ctx) => {
    if (!validName(ctx)) return;
    ctx.body = state.receivers.list(ctx.params.name ?? '');
  });
  router.delete('/receiver/:name/requests', (ctx) => {
    if (!validName(ctx)) return;
    state.receivers.clear(ctx.params.name ?? '');
    ctx.status = 204;
  });
  router.all('/receiver/:name', async (ctx) => {
    if (!validName(ctx)) return;
    const name = ctx.params.name ?? '';
    const mode = state.receivers.mode(name);
    const request = ctx.request as typeof ctx.request & { body?: unknown; rawBody?: string };
    state.receivers.record(name, {
      method: ctx.method,
      path: ctx.path,
      query: { ...ctx.query } as Record<string, string | string[]>,
      headers: { ...ctx.headers },
      body: request.body ?? null,
      rawBody: request.rawBody ?? '',
      receivedAt: new Date().toISOString(),
      status: mode.status,
    });
    if (mode.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
    ctx.status = mode.status;
    ctx.body =
      mode.status < 400
        ? { ok: true }
        : { ok: false, error: `Receiver ${name} answers ${mode.status} (sandbox mode)` };
  });
  router.get('/inspect/receivers', (ctx) => {
    ctx.type = 'html';
    ctx.body = page(
      'Webhook receivers',
      html`<p class="muted">
          Point a webhook at <code>${state.publicUrl}/receiver/&lt;name&gt;</code>. JSON:
          <code>/receiver/&lt;name&gt;/requests</code>. Make one fail with
          <code>POST /_sandbox/receiver/&lt;name&gt;/mode {"status": 500}</code>.
        </p>
        ${state.receivers.names().length === 0 ? html`<p class="muted">No receiver used yet.</p>` : ''}
        ${state.receivers.names().map((name) => {
          const requests = state.receivers.list(name);
          return html`<h2>${name} — answers ${state.receivers.mode(name).status}</h2>
            ${table(
              ['receivedAt', 'method', 'status', 'contentType', 'body'],
              requests
                .slice()
                .reverse()
                .map((request) => ({
                  receivedAt: request.receivedAt,
                  method: request.method,
                  status: request.status,
                  contentType: request.headers['content-type'],
                  body: request.rawBody,
                })),
            )}`;
        })}`,
    );
  });
  return router;
}

function validName(ctx: ParameterizedContext): boolean {
  const name = (ctx.params as Record<string, string | undefined>).name ?? '';
  if (NAME.test(name)) return true;
  ctx.status = 400;
  ctx.body = { message: 'receiver names are letters, digits, dots, dashes and underscores' };
  return false;
}
