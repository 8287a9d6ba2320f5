import { mongo } from 'mongoose';

// The driver through mongoose's export: the same instance mongoose's collections throw from.
type Collection<T extends mongo.Document> = mongo.Collection<T>;
type Document = mongo.Document;
type OptionalUnlessRequiredId<T> = mongo.OptionalUnlessRequiredId<T>;

/** Past this many waiting documents, they go in more than one insertMany. */
const DEFAULT_MAX_BATCH = 500;
/**
 * Inserts in flight at once (the driver sends each on its own pooled connection). Two overlap
 * the database's write with the service gathering the next batch; more split a burst into
 * smaller batches, each a command with its own cost on both sides (`bench/sync-ingest.ts`,
 * interleaved: 16 in flight 0.61–0.70 of the bare handler, 4 0.80–0.90, 2 0.89–1.04).
 */
const DEFAULT_MAX_IN_FLIGHT = 2;

type Waiting<T> = {
  doc: OptionalUnlessRequiredId<T>;
  resolve(): void;
  reject(error: unknown): void;
};

/**
 * Inserts documents one by one as far as callers can tell (each promise settles when its own
 * document is stored, or fails with the error of its own document), but while inserts are in
 * flight the documents that arrive meanwhile wait and then go together in one unordered
 * insertMany: a group commit. Under a burst of concurrent requests this spends one command, one
 * round trip and one write on many documents; alone, a document is inserted at once as before.
 */
export function coalescedInserts<T extends Document>(
  collection: Pick<Collection<T>, 'insertOne' | 'insertMany'>,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): (doc: OptionalUnlessRequiredId<T>) => Promise<void> {
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const queue: Waiting<T>[] = [];
  let inFlight = 0;

  function startBatches(): void {
    while (queue.length > 0 && inFlight < maxInFlight) {
      inFlight += 1;
      void insertBatch(queue.splice(0, maxBatch)).finally(() => {
        inFlight -= 1;
        startBatches();
      });
    }
  }

  async function insertBatch(batch: Waiting<T>[]): Promise<void> {
    try {
      if (batch.length === 1) await collection.insertOne(batch[0]!.doc);
      else
        await collection.insertMany(
          batch.map((entry) => entry.doc),
          { ordered: false },
        );
      for (const entry of batch) entry.resolve();
    } catch (error) {
      const refused = refusedIndexes(error);
      batch.forEach((entry, index) =>
        refused === 'all' || refused.has(index) ? entry.reject(error) : entry.resolve(),
      );
    }
  }

  return (doc) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ doc, resolve, reject });
      startBatches();
    });
}

/**
 * Which documents of an unordered insertMany failed: those its write errors name. Any other
 * failure (a lost connection, a write concern error) leaves every document's fate unknown, so
 * each caller is told it failed (it answers 503 and the platform delivers again).
 */
function refusedIndexes(error: unknown): Set<number> | 'all' {
  if (!(error instanceof mongo.MongoBulkWriteError) || error.result.getWriteConcernError())
    return 'all';
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  if (writeErrors.length === 0) return 'all';
  return new Set(writeErrors.map((writeError) => writeError.index));
}
