import { routeUrl } from '@outsync/contracts';
import { webhooksRoutes } from '@outsync/contracts/webhooks';
import { LIVE_STREAM_HEARTBEAT_MS } from '@outsync/contracts/webhooks/live-events';

/**
 * How long an open stream may stay silent before it is taken for lost: two of the service's
 * heartbeats and some slack. A connection that died without closing (a laptop's sleep, a network
 * switch, a proxy dropping it quietly) would otherwise read "Live" while nothing arrives.
 */
export const LIVE_STREAM_SILENCE_MS = 2 * LIVE_STREAM_HEARTBEAT_MS + 5_000;

/** One server-sent event as read off the stream. */
export type StreamMessage = { event: string; id: string | undefined; data: string };

/**
 * Splits what arrived so far into complete messages (blocks ended by a blank line, as the
 * EventSource parser does) and the unfinished rest. Comment lines (`:`, the heartbeat) and
 * `retry:` carry no data and are dropped.
 */
export function parseServerSentEvents(text: string): { messages: StreamMessage[]; rest: string } {
  const normalized = text.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages: StreamMessage[] = [];
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ event, id, data: data.join('\n') });
  }
  return { messages, rest };
}

/** The service refused the stream (not signed in, a bad id): reconnecting will not help. */
export class LiveStreamRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'LiveStreamRefused';
  }
}

export type LiveStreamRequest = {
  webhookId: string;
  /** The service's origin (the embed's `apiBaseUrl`); the page's own origin when absent. */
  apiBaseUrl?: string;
  credentials: RequestCredentials;
  /** The embed token's `Authorization` header, read at each (re)connect: it may have been renewed. */
  authorization?: () => string;
  lastEventId?: string;
  signal: AbortSignal;
  onMessage: (message: StreamMessage) => void;
  /** How long the stream may stay silent (no heartbeat either); LIVE_STREAM_SILENCE_MS unless given. */
  silenceMs?: number;
};

/** The stream sent nothing, not even a heartbeat, for too long: the caller reconnects. */
export class LiveStreamSilent extends Error {
  constructor() {
    super('The live stream went silent.');
    this.name = 'LiveStreamSilent';
  }
}

/**
 * Reads the webhook's live stream with fetch rather than EventSource: an embedded module
 * authenticates with an `Authorization` header, which EventSource cannot send, and one code path
 * serves the dashboard and the embed alike. Resolves when the service ends the stream, rejects
 * when it cannot be opened, breaks or goes silent (LiveStreamSilent); the caller reconnects with
 * the last id it got.
 */
export async function readLiveStream(request: LiveStreamRequest): Promise<void> {
  // Aborted by the caller (the view closes) or by the silence watch.
  const call = new AbortController();
  const stop = () => call.abort(request.signal.reason);
  if (request.signal.aborted) stop();
  request.signal.addEventListener('abort', stop);
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(
      () => call.abort(new LiveStreamSilent()),
      request.silenceMs ?? LIVE_STREAM_SILENCE_MS,
    );
  };
  heard();
  try {
    await readStream(request, call.signal, heard);
  } catch (error) {
    // Cut by the silence watch: say so, not the bare abort.
    if (call.signal.reason instanceof LiveStreamSilent && !request.signal.aborted)
      throw call.signal.reason;
    throw error;
  } finally {
    clearTimeout(silence);
    request.signal.removeEventListener('abort', stop);
  }
}

async function readStream(
  request: LiveStreamRequest,
  signal: AbortSignal,
  heard: () => void,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (request.authorization) headers.Authorization = request.authorization();
  if (request.lastEventId) headers['Last-Event-ID'] = request.lastEventId;
  const url = routeUrl(
    webhooksRoutes.webhookLiveEvents,
    { params: { id: request.webhookId } },
    request.apiBaseUrl,
  );
  const response = await fetch(url, {
    headers,
    credentials: request.credentials,
    signal,
    cache: 'no-store',
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => undefined)) as
      { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (response.status >= 400 && response.status < 500) {
      throw new LiveStreamRefused(response.status, message);
    }
    throw new Error(message);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    heard();
    const { messages, rest } = parseServerSentEvents(pending + value);
    pending = rest;
    for (const message of messages) request.onMessage(message);
  }
}
