import { useEffect, useState } from 'react';
import {
  LIVE_STREAM_EVENTS,
  LiveWebhookEventSchema,
  liveStreamIdAt,
} from '@outsync/contracts/webhooks/live-events';
import { useTestDelivery } from '../../../shared/test-delivery-context';
import { emptyLiveRows, heard, paused, resumed, type LiveRows } from '../state/live-rows';
import { LiveStreamRefused, readLiveStream, type StreamMessage } from './live-stream';

/** Where the stream stands: the view says it beside its Pause button. */
export type LiveConnection =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting' }
  | { state: 'refused'; message: string };

/** Waits before reconnecting: doubling from 1 s up to 15 s, reset once the stream is open. */
const RECONNECT_MS = { initial: 1_000, max: 15_000 };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The webhook's events as they are received and change (issue 34, item 1), through the service's
 * stream; reconnects after a drop with the last id it got, so the service replays what was
 * missed. While paused, changes are kept and new events counted instead of shown.
 */
export function useWebhookLive(webhookId: string) {
  const delivery = useTestDelivery();
  const [rows, setRows] = useState<LiveRows>(emptyLiveRows);
  const [connection, setConnection] = useState<LiveConnection>({ state: 'connecting' });
  useEffect(() => {
    const aborted = new AbortController();
    const openedAt = Date.now();
    let lastEventId: string | undefined;
    let failures = 0;
    const onMessage = (message: StreamMessage) => {
      if (message.id !== undefined) lastEventId = message.id;
      if (message.event === LIVE_STREAM_EVENTS.ready) {
        failures = 0;
        setConnection({ state: 'live' });
        return;
      }
      if (message.event !== LIVE_STREAM_EVENTS.log) return;
      const parsed = LiveWebhookEventSchema.safeParse(JSON.parse(message.data));
      if (parsed.success) setRows((state) => heard(state, parsed.data));
    };
    void (async () => {
      while (!aborted.signal.aborted) {
        try {
          await readLiveStream({
            webhookId,
            apiBaseUrl: delivery.apiBaseUrl,
            credentials: delivery.credentials,
            authorization: delivery.authorization,
            lastEventId,
            signal: aborted.signal,
            onMessage,
          });
        } catch (error) {
          if (aborted.signal.aborted) return;
          // An embed token may be renewed by the host meanwhile: its 401 is worth another try.
          const final =
            error instanceof LiveStreamRefused && !(error.status === 401 && delivery.authorization);
          if (final) {
            setConnection({ state: 'refused', message: error.message });
            return;
          }
        }
        if (aborted.signal.aborted) return;
        // Opened while the service was down: no id came, so the reconnect asks for what changed
        // since the view opened (the service replays at most the last 15 minutes).
        lastEventId ??= liveStreamIdAt(openedAt);
        setConnection({ state: 'reconnecting' });
        await wait(
          Math.min(RECONNECT_MS.initial * 2 ** failures, RECONNECT_MS.max),
          aborted.signal,
        );
        failures += 1;
      }
    })();
    return () => aborted.abort();
  }, [webhookId, delivery]);

  return {
    ...rows,
    connection,
    pause: () => setRows(paused),
    resume: () => setRows(resumed),
  };
}
