import { Router } from '@koa/router';
import { queryString } from '../core/http.ts';
import { html, page } from '../core/html.ts';
import type { SandboxState } from '../sandbox-state.ts';

/** The mailbox page and the JSON the e2e tests read sign-in codes from. */
export function mailboxRouter(state: SandboxState): Router {
  const router = new Router({ prefix: '/mailbox' });
  router.get('/messages', (ctx) => {
    ctx.body = state.mailbox.list(queryString(ctx, 'to'));
  });
  router.delete('/messages', (ctx) => {
    state.mailbox.reset();
    ctx.status = 204;
  });
  router.get('/', (ctx) => {
    const messages = state.mailbox.list(queryString(ctx, 'to'));
    ctx.type = 'html';
    ctx.body = page(
      'Mailbox',
      html`<p class="muted">
          Messages sent to the sandbox SMTP server (port ${state.smtpPort}), newest first. JSON:
          <a href="/mailbox/messages">/mailbox/messages?to=</a>
        </p>
        ${messages.length === 0 ? html`<p class="muted">No messages yet.</p>` : ''}
        ${messages.map(
          (message) =>
            html`<div class="card" style="max-width:60rem;margin-bottom:1rem">
              <p><strong>${message.subject}</strong></p>
              <p class="muted">
                From ${message.from} to ${message.to.join(', ')} at ${message.receivedAt}
              </p>
              <pre>${message.text}</pre>
            </div>`,
        )}`,
    );
  });
  return router;
}
