import { randomUUID } from 'node:crypto';
import type { BlockListProgress } from '@outsync/contracts/accounts';
import { Types } from 'mongoose';
import { isConnectorError } from '../../../connectors/http';
import type { BlockListLogDoc, BlockListLogModel } from '../block-list-log.model';
import type {
  BlockListStateModel,
  BlockListSyncDoc,
  BlockListSyncModel,
} from '../block-list-sync.model';
import type { ApiKeyRecords } from '../../api-keys';
import {
  upstreamMessage,
  type CrmConnections,
  type ProfileDoc,
  type ProfileRecords,
} from '../../profiles';
import type { Logger } from '../../../platform/logger';
import type { SecretBox } from '../../../platform/secrets';
import { chunks, diffBlockList, stateAfterWrites, type BlockListState } from './block-diff';
import { sample, type CheckedValues, type InvalidValue } from './block-values';
import { readHubspotList, readSalesforceReport, type SourceRecords } from './crm-source';
import type { BlockListWriter, WriterTarget } from './platform-writer';
import { companyBlockValues, contactBlockValues, profileBlockValues } from './transform';

// One run of a block-list sync: read the CRM list, turn it into block values, write what the
// platform does not hold yet, record the outcome. A run holds a lease on the sync, so two
// workers never run the same sync at once; every write is recorded before the next, so a run
// cut short (an error, a crash) is resumed by the next one without writing anything twice.

export interface BlockListRunDeps {
  syncs: BlockListSyncModel;
  states: BlockListStateModel;
  logs: BlockListLogModel;
  profiles: ProfileRecords;
  apiKeys: ApiKeyRecords;
  connections: CrmConnections;
  secrets: SecretBox;
  writerFor(target: WriterTarget): BlockListWriter;
  now(): Date;
  /** How long a run may go without renewing its lease before another may take the sync. */
  leaseMs: number;
  /** Between the end of a run and the next (hourly by default). */
  intervalMs: number;
  retentionDays: number;
  logger: Logger;
}

export type BlockListRunOutcome =
  | { ran: false; reason: 'not_found' | 'paused' | 'held_elsewhere' | 'not_approved' }
  | { ran: true; status: 'SYNCED' | 'FAILED'; added: number; notSynced: number };

/** Values of a log's Emails column before "and N more". */
const DETAILS_SAMPLE = 20;
/** Invalid values named in a log. */
const INVALID_SAMPLE = 5;

class RunStopped extends Error {}

/** Runs the sync once, if it is enabled and no other run holds it. */
export async function runBlockListSync(
  deps: BlockListRunDeps,
  syncId: string,
): Promise<BlockListRunOutcome> {
  if (!Types.ObjectId.isValid(syncId)) return { ran: false, reason: 'not_found' };
  const runId = randomUUID();
  const startedAt = deps.now();
  const sync = await deps.syncs
    .findOneAndUpdate(
      {
        _id: syncId,
        isEnabled: true,
        $or: [{ lease: null }, { 'lease.until': { $lte: startedAt } }],
      },
      { $set: { lease: { runId, until: new Date(startedAt.getTime() + deps.leaseMs) } } },
      { returnDocument: 'after' },
    )
    .lean<BlockListSyncDoc>();
  if (!sync) {
    const exists = await deps.syncs.findById(syncId, { isEnabled: 1 }).lean<BlockListSyncDoc>();
    if (!exists) return { ran: false, reason: 'not_found' };
    return { ran: false, reason: exists.isEnabled ? 'held_elsewhere' : 'paused' };
  }
  const log = deps.logger.child({ blockListSyncId: syncId, runId });
  const profile = await deps.profiles.findById(sync.userProfileId);
  if (!profile || !profile.canBlockList) {
    // An owner without canBlockList is never synced (spec 02 §4: PAUSED_PENDING_UPGRADE).
    await release(deps, sync, runId, {});
    return { ran: false, reason: 'not_approved' };
  }

  const held = { sync, runId };
  await update(deps, held, {
    status: 'SYNCING',
    lastAttemptedAt: startedAt,
    progress: { phase: 'reading', done: 0, total: null },
  });

  const key = await deps.apiKeys.findById(sync.apiKeyId);
  if (!key) {
    const message = 'The API key of this sync was deleted: choose another key.';
    return fail(deps, held, { lastSmartleadError: message }, message);
  }
  let records: SourceRecords;
  try {
    records = await readSource(deps, profile, sync, async (read, total) => {
      await renew(deps, held, { phase: 'reading', done: read, total });
    });
  } catch (error) {
    if (error instanceof RunStopped) return stopped(deps, held);
    const message = failureMessage(error);
    log.warn({ err: error }, 'block-list run could not read the CRM list');
    return fail(deps, held, { lastError: message }, message);
  }

  const checked = blockValues(records, sync);
  const stateDoc = await deps.states.findById(sync._id).lean();
  const last: BlockListState = {
    written: stateDoc?.written ?? [],
    keptAfterRemoval: stateDoc?.keptAfterRemoval ?? [],
  };
  const refused = new Set(stateDoc?.refused ?? []);
  const diff = diffBlockList(last, checked.valid, { unblockRemoved: false });

  let writer: BlockListWriter;
  try {
    writer = deps.writerFor({
      platform: sync.platform,
      apiKey: deps.secrets.open(key.apiKeySealed),
      baseUrl: key.baseUrl,
      blockType: sync.blockType,
      clientId: sync.client?.id ?? null,
      heyReachListId: sync.heyReachListId,
    });
  } catch (error) {
    const message = failureMessage(error);
    return fail(deps, held, { lastSmartleadError: message }, message);
  }

  let state = last;
  let refusedUnnamed = 0;
  let done = 0;
  const batches = chunks(diff.toAdd, writer.batchSize);
  try {
    await renew(deps, held, { phase: 'writing', done: 0, total: diff.toAdd.length });
    for (const [index, batch] of batches.entries()) {
      const written = await writer.write(batch);
      const recorded = stateAfterWrites(state, { added: batch, unblocked: [] });
      // Only what this batch added goes to the database: setting the whole state after every
      // batch would write a 100,000-value list about a hundred times over.
      const added = recorded.written.slice(state.written.length);
      state = recorded;
      for (const value of written.refused) refused.add(value);
      refusedUnnamed += written.refusedUnnamed;
      done += batch.length;
      const at = deps.now();
      await deps.states.updateOne(
        { _id: sync._id },
        {
          $push: { written: { $each: added } },
          $addToSet: { refused: { $each: written.refused } },
          $setOnInsert: { keptAfterRemoval: state.keptAfterRemoval },
        },
        { upsert: true },
      );
      await writeLog(deps, sync, {
        entities: batch,
        entityDetails: describeBatch(batch, index, batches.length, written.refused),
        syncedAt: at,
        lastError: null,
      });
      await renew(deps, held, { phase: 'writing', done, total: diff.toAdd.length });
    }
  } catch (error) {
    if (error instanceof RunStopped) return stopped(deps, held);
    const message = failureMessage(error);
    log.warn({ err: error, written: done }, 'block-list run could not write the platform');
    return fail(deps, held, { lastSmartleadError: message }, message, {
      written: done,
    });
  }

  // Every write went through: removals are now reported once and kept blocked.
  const stillWritten = new Set(diff.next.written);
  await deps.states.updateOne(
    { _id: sync._id },
    {
      $set: {
        written: diff.next.written,
        keptAfterRemoval: diff.next.keptAfterRemoval,
        refused: [...refused].filter((value) => stillWritten.has(value)),
      },
    },
    { upsert: true },
  );
  const refusedInList = checked.valid.filter((value) => refused.has(value)).length;
  const notSynced = checked.invalid.length + refusedInList + refusedUnnamed;
  const synced = Math.max(0, checked.valid.length - refusedInList - refusedUnnamed);
  const finishedAt = deps.now();
  if (batches.length === 0 || diff.removed.length > 0 || checked.invalid.length > 0) {
    await writeLog(deps, sync, {
      entities: [],
      entityDetails: describeRun(checked, diff.removed, batches.length === 0 ? synced : null),
      syncedAt: finishedAt,
      lastError: null,
    });
  }
  await finish(deps, held, {
    status: 'SYNCED',
    lastFetchedAt: finishedAt,
    lastError: null,
    lastSmartleadError: null,
    countItemsSynced: synced,
    countItemsNotSynced: notSynced,
  });
  log.info({ added: diff.toAdd.length, notSynced }, 'block-list run finished');
  return { ran: true, status: 'SYNCED', added: diff.toAdd.length, notSynced };
}

function readSource(
  deps: BlockListRunDeps,
  profile: ProfileDoc,
  sync: BlockListSyncDoc,
  onProgress: (read: number, total: number | null) => Promise<void>,
): Promise<SourceRecords> {
  if (sync.crm === 'HUBSPOT') {
    return readHubspotList(
      deps.connections.hubspotClient(profile),
      {
        listId: sync.listId,
        listType: sync.listType,
        profileUrlFieldNames: sync.platform === 'heyreach' ? sync.profileUrlFieldNames : [],
      },
      onProgress,
    );
  }
  return readSalesforceReport(
    deps.connections.salesforceClient(profile),
    { reportId: sync.listId, fields: sync.fields },
    onProgress,
  );
}

/** The transform: what the platform's block list holds for these records. */
export function blockValues(
  records: SourceRecords,
  sync: Pick<BlockListSyncDoc, 'platform' | 'blockType' | 'useDomainForNonLatin'>,
): CheckedValues {
  if (records.kind === 'companies') return companyBlockValues(records.companies);
  if (sync.platform === 'heyreach') return profileBlockValues(records.values);
  return contactBlockValues(records.values, {
    platform: sync.platform,
    blockType: sync.blockType,
    useDomainForNonLatin: sync.useDomainForNonLatin,
  });
}

type Held = { sync: BlockListSyncDoc; runId: string };

/** Sets fields while the run still holds the sync; a paused or deleted sync stops the run. */
async function update(
  deps: BlockListRunDeps,
  held: Held,
  set: Partial<BlockListSyncDoc>,
): Promise<void> {
  const now = deps.now();
  const result = await deps.syncs.updateOne(
    { _id: held.sync._id, 'lease.runId': held.runId, isEnabled: true },
    {
      $set: {
        ...set,
        lease: { runId: held.runId, until: new Date(now.getTime() + deps.leaseMs) },
        updatedAt: now,
      },
    },
  );
  if (result.matchedCount === 0) throw new RunStopped();
}

function renew(deps: BlockListRunDeps, held: Held, progress: BlockListProgress): Promise<void> {
  return update(deps, held, { progress });
}

/** The run's end: the fields, the lease released and the next run planned. */
async function finish(
  deps: BlockListRunDeps,
  held: Held,
  set: Partial<BlockListSyncDoc>,
): Promise<void> {
  await release(deps, held.sync, held.runId, set);
}

async function release(
  deps: BlockListRunDeps,
  sync: BlockListSyncDoc,
  runId: string,
  set: Partial<BlockListSyncDoc>,
): Promise<void> {
  const now = deps.now();
  await deps.syncs.updateOne(
    { _id: sync._id, 'lease.runId': runId },
    {
      $set: {
        ...set,
        progress: null,
        lease: null,
        nextRunAt: new Date(now.getTime() + deps.intervalMs),
        updatedAt: now,
      },
    },
  );
}

/**
 * Paused, deleted or taken over mid-run: what was written is recorded; nothing else changes.
 * A deleted sync's state goes (this run may have saved a batch after the delete removed it).
 */
async function stopped(deps: BlockListRunDeps, held: Held): Promise<BlockListRunOutcome> {
  const left = await deps.syncs.updateOne(
    { _id: held.sync._id, 'lease.runId': held.runId },
    { $set: { progress: null, lease: null, status: 'QUEUED', updatedAt: deps.now() } },
  );
  if (left.matchedCount > 0) return { ran: false, reason: 'paused' };
  if (await deps.syncs.exists({ _id: held.sync._id }))
    return { ran: false, reason: 'held_elsewhere' };
  await deps.states.deleteOne({ _id: held.sync._id });
  return { ran: false, reason: 'not_found' };
}

async function fail(
  deps: BlockListRunDeps,
  held: Held,
  errors: { lastError?: string; lastSmartleadError?: string },
  message: string,
  extra: { written?: number } = {},
): Promise<BlockListRunOutcome> {
  await writeLog(deps, held.sync, {
    entities: [],
    entityDetails:
      extra.written && extra.written > 0
        ? `${count(extra.written)} written before the failure; the next run writes the rest.`
        : '',
    syncedAt: null,
    lastError: message,
  });
  await finish(deps, held, {
    status: 'FAILED',
    lastError: errors.lastError ?? null,
    lastSmartleadError: errors.lastSmartleadError ?? null,
  });
  return { ran: true, status: 'FAILED', added: extra.written ?? 0, notSynced: 0 };
}

async function writeLog(
  deps: BlockListRunDeps,
  sync: BlockListSyncDoc,
  entry: Pick<BlockListLogDoc, 'entities' | 'entityDetails' | 'syncedAt' | 'lastError'>,
): Promise<void> {
  const createdAt = deps.now();
  await deps.logs.create({
    syncBlockListId: sync._id,
    userId: sync.userId,
    syncBlockList: {
      listName: sync.listName,
      blockType: sync.blockType,
      isEnabled: sync.isEnabled,
    },
    ...entry,
    entities: entry.entities.map((value) => value.toLowerCase()),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + deps.retentionDays * 24 * 60 * 60_000),
  });
}

/** A failure as one sentence for the table and the log; the vendor's own words when it gave some. */
export function failureMessage(error: unknown): string {
  if (isConnectorError(error)) return upstreamMessage(error);
  return error instanceof Error ? error.message : String(error);
}

const number = new Intl.NumberFormat('en-US');
function count(value: number): string {
  return number.format(value);
}

function listed(values: readonly string[]): string {
  const shown = values.slice(0, DETAILS_SAMPLE).join(', ');
  const more = values.length - DETAILS_SAMPLE;
  return more > 0 ? `${shown} and ${count(more)} more` : shown;
}

function describeBatch(
  batch: readonly string[],
  index: number,
  total: number,
  refused: readonly string[],
): string {
  const part = total > 1 ? ` (batch ${index + 1} of ${total})` : '';
  const refusedText =
    refused.length > 0
      ? ` Refused by the platform ${count(refused.length)}: ${listed(refused)}.`
      : '';
  return `${listed(batch)}${part}.${refusedText}`;
}

function describeInvalid(invalid: readonly InvalidValue[]): string {
  return sample(invalid, INVALID_SAMPLE)
    .map((entry) => `${entry.value || '(empty)'} (${entry.reason})`)
    .join(', ');
}

/** `alreadyBlocked`: when the run wrote nothing, the list's values the platform holds. */
function describeRun(
  checked: CheckedValues,
  removed: readonly string[],
  alreadyBlocked: number | null,
): string {
  const parts: string[] = [];
  // The values the platform refused are in the list but not blocked: not counted here.
  if (alreadyBlocked !== null) parts.push(`Nothing new: ${count(alreadyBlocked)} already blocked.`);
  if (removed.length > 0)
    parts.push(`Left the CRM list, still blocked ${count(removed.length)}: ${listed(removed)}.`);
  if (checked.invalid.length > 0)
    parts.push(
      `Not synced ${count(checked.invalid.length)}: ${describeInvalid(checked.invalid)}${checked.invalid.length > INVALID_SAMPLE ? ', …' : ''}.`,
    );
  return parts.join(' ');
}
