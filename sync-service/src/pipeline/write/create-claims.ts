import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CreateClaim, CreateClaims } from './crm-writer';

/** How long a writer waits for another one's create of the same record before retrying later. */
const WAIT_FOR_OTHER_MS = 3_000;
const POLL_MS = 100;

/** A writer's claims on the records it is about to create, settled once they are created. */
export type ClaimedCreates = {
  /** Per key: this writer's to create, another's id, or still being created by another. */
  claims: Map<string, CreateClaim>;
  created(key: string, recordId: string): Promise<void>;
  /** Frees the keys this writer claimed but did not create (a refusal, an outage). */
  releaseUncreated(): Promise<void>;
};

/**
 * Claims the creation of each key. A key another writer is creating is polled a few seconds
 * (its create is one CRM call): its id once created, else still `busy`. Without a claim store
 * (one process, or a test of the writer alone) every key is this writer's.
 */
export async function claimCreates(
  store: CreateClaims | undefined,
  keys: readonly string[],
  options: { waitMs?: number; pollMs?: number } = {},
): Promise<ClaimedCreates> {
  const holder = randomUUID();
  const claims = new Map<string, CreateClaim>();
  const done = new Set<string>();
  if (!store) {
    for (const key of keys) claims.set(key, { kind: 'mine', afterAnother: false });
    return { claims, created: () => Promise.resolve(), releaseUncreated: () => Promise.resolve() };
  }
  for (const key of new Set(keys)) claims.set(key, await store.claim(key, holder));
  const deadline = Date.now() + (options.waitMs ?? WAIT_FOR_OTHER_MS);
  let busy = [...claims].filter(([, claim]) => claim.kind === 'busy').map(([key]) => key);
  while (busy.length > 0 && Date.now() < deadline) {
    await sleep(options.pollMs ?? POLL_MS);
    for (const key of busy) claims.set(key, await store.claim(key, holder));
    busy = busy.filter((key) => claims.get(key)?.kind === 'busy');
  }
  return {
    claims,
    async created(key, recordId) {
      done.add(key);
      await store.created(key, holder, recordId);
    },
    async releaseUncreated() {
      const mine = [...claims].filter(([key, claim]) => claim.kind === 'mine' && !done.has(key));
      await Promise.all(mine.map(([key]) => store.release(key, holder)));
    },
  };
}
