import type { Platform } from '@outsync/contracts';
import {
  createBisonClient,
  createHeyreachClient,
  createInstantlyClient,
  createSmartleadClient,
  type ConnectorFetch,
} from '../../../connectors';
import type { ClientTuning } from '../../../connectors/http';
import { BLOCK_LIST_BATCH_SIZE } from './block-diff';
import type { BlockType } from './transform';

/** What one write call did: the values the platform refused are not synced (and not resent). */
export interface BatchWritten {
  refused: string[];
  /** Refused values the platform counted but did not name (HeyReach's failedLeadsCount). */
  refusedUnnamed: number;
}

/** A platform's block list for one sync: its largest batch and the call that writes one. */
export interface BlockListWriter {
  platform: Platform;
  batchSize: number;
  write(values: string[]): Promise<BatchWritten>;
}

export interface WriterTarget {
  platform: Platform;
  apiKey: string;
  /** bison: the customer's instance. */
  baseUrl: string | null;
  blockType: BlockType;
  clientId: string | null;
  heyReachListId: string | null;
}

export interface PlatformUrls {
  smartleadUrl: string;
  instantlyUrl: string;
  heyreachUrl: string;
}

/**
 * Background calls: a run may wait out a platform's rate limit (Retry-After up to a minute)
 * and retry a few times before the run fails and the next one picks up where it stopped.
 */
export const BACKGROUND_TUNING: ClientTuning = {
  timeoutMs: 30_000,
  retries: 4,
  maxRetryAfterMs: 60_000,
};

export function createBlockListWriter(
  target: WriterTarget,
  deps: { urls: PlatformUrls; fetch: ConnectorFetch; tuning?: ClientTuning },
): BlockListWriter {
  const tuning = { ...BACKGROUND_TUNING, ...deps.tuning, fetch: deps.fetch };
  const batchSize = BLOCK_LIST_BATCH_SIZE[target.platform];
  const none: BatchWritten = { refused: [], refusedUnnamed: 0 };
  switch (target.platform) {
    case 'smartlead': {
      const client = createSmartleadClient({
        ...tuning,
        baseUrl: deps.urls.smartleadUrl,
        apiKey: target.apiKey,
      });
      return {
        platform: 'smartlead',
        batchSize,
        async write(values) {
          const { refused } = await client.addToBlockList(values, target.clientId);
          const named = new Set(refused.map((value) => value.trim().toLowerCase()));
          return { refused: values.filter((value) => named.has(value)), refusedUnnamed: 0 };
        },
      };
    }
    case 'instantly': {
      const client = createInstantlyClient({
        ...tuning,
        baseUrl: deps.urls.instantlyUrl,
        apiKey: target.apiKey,
      });
      return {
        platform: 'instantly',
        batchSize,
        async write(values) {
          const { accepted } = await client.addBlockListEntries(values);
          const taken = new Set(accepted.map((value) => value.toLowerCase()));
          return {
            refused: values.filter((value) => !taken.has(value.toLowerCase())),
            refusedUnnamed: 0,
          };
        },
      };
    }
    case 'bison': {
      if (!target.baseUrl) throw new Error('A bison block list needs the key’s instance URL.');
      const client = createBisonClient({
        ...tuning,
        baseUrl: target.baseUrl,
        apiKey: target.apiKey,
      });
      return {
        platform: 'bison',
        batchSize,
        async write(values) {
          // ADDRESS lists hold e-mail addresses; DOMAIN and company lists hold domains.
          if (target.blockType === 'ADDRESS') await client.blacklistEmails(values);
          else await client.blacklistDomains(values);
          return none;
        },
      };
    }
    case 'heyreach': {
      if (!target.heyReachListId) throw new Error('A HeyReach block list needs its list.');
      const listId = target.heyReachListId;
      const client = createHeyreachClient({
        ...tuning,
        baseUrl: deps.urls.heyreachUrl,
        apiKey: target.apiKey,
      });
      return {
        platform: 'heyreach',
        batchSize,
        async write(values) {
          const { failed } = await client.addLeadsToList(listId, values);
          return { refused: [], refusedUnnamed: failed };
        },
      };
    }
  }
}
