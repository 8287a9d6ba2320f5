import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import { ErrorCodes } from '@outsync/contracts';
import { HttpError } from '../../platform/http/http-error';
import { userIfSignedIn } from '../../platform/http/session';
import type { AppContext, AppState, SessionUser } from '../../platform/http/types';
import type { ReceiverService } from './receiver.service';

/** A platform's event is small; anything larger is not one (issue 11: over 1 MB answers 413). */
export const MAX_EVENT_BYTES = 1024 * 1024;

export const bodyMessages = {
  tooLarge: 'The event is larger than 1 MB.',
  notJson: 'The body is not valid JSON',
  notObject: 'The body must be a JSON object (the platform’s event).',
} as const;

/**
 * The platforms' side of the service: no session, no CSRF token, any content type (some
 * platforms send JSON as text/plain). Mounted before the dashboard's body parser, so the body's
 * limit and errors are these.
 */
export function receiverRouter(receiver: ReceiverService): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/webhooks/:code', async (ctx) => {
    const { payload, text } = await readEvent(ctx).catch((error: unknown) => {
      receiver.refused(
        error instanceof HttpError && error.status === 413 ? 'too_large' : 'invalid_body',
      );
      throw error;
    });
    const received = await receiver.receive(ctx.params.code ?? '', {
      payload,
      text,
      path: ctx.path,
    });
    ctx.status = 200;
    ctx.body = { received: true, id: received.id, status: received.status };
  });
  return router;
}

/**
 * The test address (spec 01 §7 "Sync test"). Mounted after the session and embed token are
 * known: a test writes into the CRM like a change, so a signed-in caller (the dashboard sends
 * its cookie, the embedded module its token) must be one who may change the webhook (the owner
 * or an admin: 404 when not visible, 403 when only visible), and the audit log records them. A
 * caller with neither is let through as a platform is: the code in the URL is the credential.
 */
export function receiverTestRouter(
  receiver: ReceiverService,
  mayTest: (user: SessionUser, code: string) => Promise<void>,
): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/webhooks/test/:code', async (ctx) => {
    const code = ctx.params.code ?? '';
    const caller = await userIfSignedIn(ctx);
    if (caller) await mayTest(caller, code);
    const { payload, text } = await readEvent(ctx);
    ctx.body = await receiver.test(code, { payload, text, path: ctx.path });
  });
  return router;
}

/** The event as parsed, and as the text it came as (kept as received). */
async function readEvent(
  ctx: AppContext,
): Promise<{ payload: Record<string, unknown>; text: string }> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_EVENT_BYTES) throw tooLarge();
  const text = (await readBody(ctx.req)).toString('utf8');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw new HttpError(400, ErrorCodes.badRequest, `${bodyMessages.notJson}${detail}`);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new HttpError(400, ErrorCodes.badRequest, bodyMessages.notObject);
  return { payload: payload as Record<string, unknown>, text };
}

/** The raw body, refused past 1 MB (read with events: an async iterator costs more per chunk). */
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_EVENT_BYTES) return void chunks.push(chunk);
      request.off('data', onData);
      // Drain the rest unread so the answer can go out on this connection.
      request.resume();
      reject(tooLarge());
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

function tooLarge(): HttpError {
  return new HttpError(413, ErrorCodes.payloadTooLarge, bodyMessages.tooLarge);
}
