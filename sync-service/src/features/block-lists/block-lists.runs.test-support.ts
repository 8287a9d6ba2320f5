// Shared helpers for the block-list run tests (block-lists.<subject>.test.ts beside this file):
// a run of a sync in-process whose platform writes can be cut into small batches and watched
// between batches (to pause the sync or break the platform mid-run), a Salesforce report with
// chosen e-mails, and what a run leaves behind: the saved state, the log, the platforms' lists.
// The app, the owner and the keys are block-lists.test-support.ts's.
import type { BlockListSync } from '@outsync/contracts/accounts';
import {
  DEMO_API_KEYS,
  HUBSPOT_DEMO_HUB_ID,
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_KEY,
} from '@outsync/sandbox';
import { compose } from '../../composition';
import { AGENDA_COLLECTION } from '../../platform/agenda';
import { buildApiKey } from '../../testing/account-factories';
import { memoryLogger, type LogLine } from '../../testing/test-support';
import { apiKeyModel, createApiKeyRecords } from '../api-keys';
import { createProfileRecords, profileModel } from '../profiles';
import { blockListLogModel, type BlockListLogDoc } from './block-list-log.model';
import { blockListStateModel, blockListSyncModel } from './block-list-sync.model';
import {
  type ErrorBody,
  HUBSPOT_CREATE,
  SALESFORCE_CREATE,
  app,
  lists,
  owner,
  salesforceId,
} from './block-lists.test-support';
import { createBlockListWriter, type BlockListWriter } from './run/platform-writer';
import { runBlockListSync, type BlockListRunOutcome } from './run/run-block-list';

/** How a test steers one run: smaller batches, and a step between the run's calls. */
export type RunOptions = {
  batchSize?: number;
  /** After batch `index` (from 0) went through, before the run records its progress. */
  afterBatch?(index: number, values: readonly string[]): Promise<void>;
  /** Before each batch read of HubSpot records. */
  beforeRead?(): Promise<void>;
  /**
   * Values of the first batch the platform reports as failed without naming them, as
   * HeyReach's `failedLeadsCount` does for leads it cannot add (the sandbox adds every
   * canonical profile URL, so a test says when it does not).
   */
  unnamedFailures?: number;
  /** The run's lease (60 s unless told). */
  leaseMs?: number;
};

/** The service log of the last run started by runSync (info and up). */
export let runLog: LogLine[] = [];

/** Runs the sync once, in-process, as the worker's job does. */
export function runSync(syncId: string, options: RunOptions = {}): Promise<BlockListRunOutcome> {
  const { logger, lines } = memoryLogger('info');
  runLog = lines;
  const { profiles } = compose({
    config: app.config,
    logger,
    db: app.db,
    authSecret: 'block-lists-test-secret-0123456789abcdef',
    secrets: app.secrets,
    safeFetch: app.safeFetch,
    assertPublicUrl: async () => undefined,
    now: () => new Date(),
    scheduleSync: async () => undefined,
    queueBlockListRun: async () => undefined,
  });
  const connection = app.db.connection;
  return runBlockListSync(
    {
      syncs: blockListSyncModel(connection),
      states: blockListStateModel(connection),
      logs: blockListLogModel(connection),
      profiles: createProfileRecords(profileModel(connection)),
      apiKeys: createApiKeyRecords(apiKeyModel(connection)),
      connections: {
        ...profiles.connections,
        hubspotClient: (profile) => {
          const client = profiles.connections.hubspotClient(profile);
          return {
            ...client,
            async batchReadObjects(...args: Parameters<typeof client.batchReadObjects>) {
              await options.beforeRead?.();
              return client.batchReadObjects(...args);
            },
          };
        },
      },
      secrets: app.secrets,
      writerFor: (target) =>
        steered(
          createBlockListWriter(target, {
            urls: app.config.platforms,
            fetch: app.safeFetch,
            // An outage fails the run after two quick retries instead of minutes of them.
            tuning: { retries: 2, timeoutMs: 5_000, maxRetryAfterMs: 3_000 },
          }),
          options,
        ),
      now: () => new Date(),
      leaseMs: options.leaseMs ?? 60_000,
      intervalMs: 3_600_000,
      retentionDays: 90,
      logger,
    },
    syncId,
  );
}

function steered(writer: BlockListWriter, options: RunOptions): BlockListWriter {
  let index = 0;
  return {
    platform: writer.platform,
    batchSize: options.batchSize ?? writer.batchSize,
    async write(values) {
      const written = await writer.write(values);
      const unnamed = index === 0 ? (options.unnamedFailures ?? 0) : 0;
      await options.afterBatch?.(index++, values);
      return { ...written, refusedUnnamed: written.refusedUnnamed + unnamed };
    },
  };
}

export async function createHubspotSync(body: Record<string, unknown>): Promise<BlockListSync> {
  const answer = await owner.post<BlockListSync>(HUBSPOT_CREATE, body);
  if (answer.status !== 200) throw new Error(`create answered ${answer.status}`);
  return answer.body;
}

export async function createSalesforceSync(body: Record<string, unknown>): Promise<BlockListSync> {
  const answer = await owner.post<BlockListSync>(SALESFORCE_CREATE, body);
  if (answer.status !== 200)
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** What the sync's successful runs left on the platform, as saved between runs. */
export async function savedState(
  syncId: string,
): Promise<{ written: string[]; keptAfterRemoval: string[]; refused: string[] } | null> {
  const state = await blockListStateModel(app.db.connection).findById(syncId).lean();
  return state
    ? { written: state.written, keptAfterRemoval: state.keptAfterRemoval, refused: state.refused }
    : null;
}

export type HistoryLine = Pick<BlockListLogDoc, 'entities' | 'entityDetails' | 'lastError'> & {
  synced: boolean;
};

/** The sync's log, oldest first: what each entry names and says, and whether it is a success. */
export async function logOf(syncId: string): Promise<HistoryLine[]> {
  const logs = await blockListLogModel(app.db.connection)
    .find({ syncBlockListId: syncId })
    .sort({ createdAt: 1, _id: 1 })
    .lean<BlockListLogDoc[]>();
  return logs.map((log) => ({
    entities: log.entities,
    entityDetails: log.entityDetails,
    lastError: log.lastError,
    synced: log.syncedAt !== null,
  }));
}

/** How long each of the sync's log entries is kept, oldest first. */
export async function logKeptForMs(syncId: string): Promise<number[]> {
  const logs = await blockListLogModel(app.db.connection)
    .find({ syncBlockListId: syncId })
    .sort({ createdAt: 1, _id: 1 })
    .lean<BlockListLogDoc[]>();
  return logs.map((log) => log.expiresAt.getTime() - log.createdAt.getTime());
}

/** Calls so far to the sandbox's routes whose name holds `part` (e.g. `add-domain-block-list`). */
export async function callsTo(part: string): Promise<number> {
  const calls = await lists.calls();
  return Object.entries(calls)
    .filter(([route]) => route.includes(part))
    .reduce((sum, [, count]) => sum + count, 0);
}

/** Instantly's whole block list (the sandbox's demo workspace). */
export async function instantlyValues(): Promise<string[]> {
  const values: string[] = [];
  let after: string | undefined;
  for (;;) {
    const answer = await lists.call<{
      items: Array<{ bl_value: string }>;
      next_starting_after?: string;
    }>(
      'GET',
      `/instantly/api/v2/block-lists-entries?limit=100${after ? `&starting_after=${after}` : ''}`,
      { headers: { authorization: `Bearer ${DEMO_API_KEYS.instantly}` } },
    );
    values.push(...answer.items.map((item) => item.bl_value));
    if (!answer.next_starting_after || answer.items.length === 0) return values;
    after = answer.next_starting_after;
  }
}

/** Smartlead's block list entries (the demo account), as value and client. */
export async function smartleadValues(): Promise<string[]> {
  const entries = await lists.call<Array<{ email_or_domain: string }>>(
    'GET',
    `/smartlead/api/v1/leads/get-domain-block-list?api_key=${DEMO_API_KEYS.smartlead}&limit=1000`,
  );
  return entries.map((entry) => entry.email_or_domain);
}

/** The profile URLs of a HeyReach list's leads (the demo account). */
export async function heyreachListUrls(listId: string): Promise<string[]> {
  const answer = await lists.call<{ items: Array<{ profileUrl: string }> }>(
    'POST',
    '/heyreach/api/public/list/GetLeadsFromList',
    {
      headers: { 'x-api-key': DEMO_API_KEYS.heyreach, 'content-type': 'application/json' },
      body: JSON.stringify({ listId: Number(listId), offset: 0, limit: 1000 }),
    },
  );
  return answer.items.map((item) => item.profileUrl).sort();
}

/** A new empty HeyReach lead list of the demo account. */
export async function newHeyreachList(name: string): Promise<string> {
  const list = await lists.call<{ id: number }>(
    'POST',
    '/heyreach/api/public/list/CreateEmptyList',
    {
      headers: { 'x-api-key': DEMO_API_KEYS.heyreach, 'content-type': 'application/json' },
      body: JSON.stringify({ name, type: 'USER_LIST' }),
    },
  );
  return String(list.id);
}

let seeded = 0;

/** A new HubSpot contact list of `size` generated contacts in the demo portal, in one call. */
export async function seededContactList(size: number): Promise<string> {
  seeded++;
  const list = await lists.call<{ listId: string }>(
    'POST',
    `/_sandbox/hubspot/portals/${HUBSPOT_DEMO_HUB_ID}/lists/seed`,
    {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        objectType: 'contacts',
        size,
        name: `Seeded ${seeded} ${Date.now()}`,
      }),
    },
  );
  return list.listId;
}

const salesforceApi = `${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0`;

function salesforce<T>(method: string, path: string, body?: unknown): Promise<T> {
  return lists.call<T>(method, `${salesforceApi}${path}`, {
    headers: {
      authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}`,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

let reports = 0;

/**
 * A new report in the sandbox's demo org over new contacts with exactly these e-mails (null:
 * a contact without one), in this order. Answers the report's id and the contacts' ids.
 */
export async function salesforceReport(
  emails: Array<string | null>,
): Promise<{ reportId: string; contactIds: string[] }> {
  reports++;
  const seeded = await lists.call<{ reportId: string }>(
    'POST',
    `/_sandbox/salesforce/orgs/${SALESFORCE_DEMO_ORG_KEY}/reports/seed`,
    {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size: emails.length, name: `Block run ${reports} ${Date.now()}` }),
    },
  );
  const run = await salesforce<{
    factMap: Record<string, { rows: Array<{ dataCells: Array<{ value: unknown }> }> }>;
  }>('POST', `/analytics/reports/${seeded.reportId}?includeDetails=true`, {
    reportMetadata: {
      detailColumns: ['CONTACT_ID'],
      sortBy: [{ sortColumn: 'CONTACT_ID', sortOrder: 'Asc' }],
    },
  });
  const contactIds = (run.factMap['T!T']?.rows ?? []).map((row) => String(row.dataCells[0]?.value));
  for (const [index, id] of contactIds.entries()) {
    await salesforce('PATCH', `/sobjects/Contact/${id}`, { Email: emails[index] ?? null });
  }
  return { reportId: seeded.reportId, contactIds };
}

/** Takes a contact out of a seeded report by clearing its e-mail (the report keeps the row). */
export async function setContactEmail(contactId: string, email: string | null): Promise<void> {
  await salesforce('PATCH', `/sobjects/Contact/${contactId}`, { Email: email });
}

/** A create the service refuses: its status, code and message. */
export async function refused(path: string, body: Record<string, unknown>) {
  const answer = await owner.post<ErrorBody>(path, body);
  return { status: answer.status, ...answer.body };
}

/** The signed-in owner's user id (block-lists.test-support.ts signs in one owner). */
export async function ownerId(): Promise<string> {
  const user = await app.models.users.findOne({ email: 'block-lists@customer.test' }).lean();
  return user?._id.toString() ?? '';
}

/** The run jobs queued for a sync (the app has no worker: they stay in Agenda's collection). */
export async function queuedRuns(syncId: string): Promise<number> {
  return app.db.connection
    .collection(AGENDA_COLLECTION)
    .countDocuments({ name: 'run-block-list-sync', 'data.syncId': syncId });
}

/**
 * Registers a beforeAll giving the Salesforce profile an Instantly key; answers a builder of
 * create bodies for the demo org's "Do Not Contact - Contacts" report with that key.
 */
export function useSalesforceReportBody(): (
  overrides?: Record<string, unknown>,
) => Record<string, unknown> {
  const chosen = { key: '', reportId: '' };
  beforeAll(async () => {
    const key = await buildApiKey(app.db, app.secrets, {
      userProfileId: salesforceId,
      platform: 'instantly',
      apiKey: DEMO_API_KEYS.instantly,
    });
    chosen.key = key._id.toString();
    const reports = (
      await owner.get<Array<{ Id: string; Name: string }>>(
        `/api/admin/salesforce/user-profiles/${salesforceId}/lists`,
      )
    ).body;
    chosen.reportId =
      reports.find((report) => report.Name === 'Do Not Contact - Contacts')?.Id ?? '';
  });
  return (overrides = {}) => ({
    crm: 'SALESFORCE',
    listIdentifier: chosen.reportId,
    listName: '',
    apiKeyId: chosen.key,
    blockType: 'ADDRESS',
    client: null,
    fields: ['EMAIL'],
    useDomainForNonLatin: false,
    userProfileId: salesforceId,
    ...overrides,
  });
}
