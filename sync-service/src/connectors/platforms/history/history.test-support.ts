// Helpers for the history readers' nock and sandbox tests.
import type { HistoryPage, HistoryReadRequest, HistoryReader } from './history-reader';

/** Every page a read yields, in order. */
export async function readAll(
  reader: HistoryReader,
  request: HistoryReadRequest,
): Promise<HistoryPage[]> {
  const pages: HistoryPage[] = [];
  for await (const page of reader.read(request)) pages.push(page);
  return pages;
}

/** The first `count` pages of a read, then stops (as a job stopped mid-way would). */
export async function readSome(
  reader: HistoryReader,
  request: HistoryReadRequest,
  count: number,
): Promise<HistoryPage[]> {
  const pages: HistoryPage[] = [];
  for await (const page of reader.read(request)) {
    pages.push(page);
    if (pages.length === count) break;
  }
  return pages;
}

/** The rejection of a read that must fail. */
export async function readFailure(
  reader: HistoryReader,
  request: HistoryReadRequest,
): Promise<unknown> {
  return readAll(reader, request).then(
    () => new Error('expected the read to fail'),
    (reason: unknown) => reason,
  );
}

export const eventTypes = (pages: readonly HistoryPage[]): string[] =>
  pages.flatMap((page) =>
    page.events.map((event) => {
      const payload = event.payload as { event_type?: unknown; event?: { type?: unknown } };
      return String(payload.event_type ?? payload.event?.type);
    }),
  );
