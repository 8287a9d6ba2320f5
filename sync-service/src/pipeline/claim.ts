import type { WebhookEventDoc } from './event-record';
import { leaseFor, type PipelineRun } from './run';

/**
 * Leases the due, free events of `ids` and, while the batch has room, the same accounts' other
 * due events (a backlog grows batches, not jobs); answers them oldest first.
 */
export async function claimBatch(
  run: PipelineRun,
  ids: readonly string[],
): Promise<WebhookEventDoc[]> {
  const { deps } = run;
  const now = deps.now();
  const lease = leaseFor(run, now);
  const claimed = await deps.events.claim(ids, lease, now);
  const room = (deps.maxBatch ?? 1) - claimed.length;
  if (claimed.length === 0 || room <= 0) return claimed;
  const waiting = await deps.events.claimWaiting({
    accounts: [...new Set(claimed.map((doc) => doc.userProfileId.toString()))],
    except: ids,
    room,
    lease,
    now,
  });
  return [...claimed, ...waiting].sort(
    (a, b) =>
      a.receivedAt.getTime() - b.receivedAt.getTime() ||
      a._id.toString().localeCompare(b._id.toString()),
  );
}
