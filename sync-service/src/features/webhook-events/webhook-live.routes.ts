import {
  LIVE_STREAM_EVENTS,
  LIVE_STREAM_HEARTBEAT_MS,
} from '@outsync/contracts/webhooks/live-events';
import { webhooksRoutes } from '@outsync/contracts/webhooks';
import { addEventStreamRoute, type EventStream } from '../../platform/http/event-stream-route';
import type { AppRouter, SessionUser } from '../../platform/http/types';
import { timeOfLiveEventId, type LiveMessage, type WebhookLive } from './webhook-live';

/** The browser waits this long before reconnecting a dropped stream (EventSource's `retry`). */
const RECONNECT_MS = 1_000;

function sendLog(stream: EventStream, message: LiveMessage): void {
  stream.send({ event: LIVE_STREAM_EVENTS.log, id: message.id, data: message.event });
}

/**
 * The live view's stream (issue 34, item 1): a webhook's events as they arrive and change. A
 * reconnect's Last-Event-ID first gets what changed since, then `ready`; the watch starts before
 * that replay, and what it hears meanwhile follows the replay, so nothing falls in between.
 */
export function registerWebhookLiveRoutes(router: AppRouter, deps: { live: WebhookLive }): void {
  const { live } = deps;
  addEventStreamRoute(
    router,
    webhooksRoutes.webhookLiveEvents,
    async ({ params }, stream, ctx) => {
      // The route is `auth: 'session'`: the helper has put the user (or the token's) there.
      const user = ctx.state.user as SessionUser;
      const since = timeOfLiveEventId(ctx.get('Last-Event-ID') || undefined);
      let held: LiveMessage[] | undefined = since === undefined ? undefined : [];
      const unwatch = live.watch(
        user,
        params.id,
        (message) => (held ? held.push(message) : sendLog(stream, message)),
        () => stream.close(),
      );
      stream.onClose(unwatch);
      let replayed = 0;
      if (since !== undefined) {
        const missed = await live.missedSince(user, params.id, since);
        for (const message of missed) sendLog(stream, message);
        replayed = missed.length;
        const heard = held ?? [];
        held = undefined;
        for (const message of heard) sendLog(stream, message);
      }
      stream.send({ event: LIVE_STREAM_EVENTS.ready, id: live.startId(), data: { replayed } });
    },
    { heartbeatMs: LIVE_STREAM_HEARTBEAT_MS, retryMs: RECONNECT_MS },
  );
}
