// Shared set-up for the block-lists tests (block-lists.*.test.ts): the real app against an
// in-process sandbox, a signed-in owner with both CRMs connected and a key per platform, a
// runner that runs a sync in-process, and the helpers that read the platforms' block lists.
// Each test file calls useBlockListsApp() once and so runs an app of its own.
import type { Platform } from '@outsync/contracts';
import type { BlockListSync } from '@outsync/contracts/accounts';
import { DEMO_API_KEYS, type RunningSandbox } from '@outsync/sandbox';
import { compose } from '../../composition';
import { createBlockListWriter } from './run/platform-writer';
import { runBlockListSync, type BlockListRunOutcome } from './run/run-block-list';
import { buildApiKey } from '../../testing/account-factories';
import { sandboxLists, type SandboxLists } from '../../testing/block-list-fixtures';
import { connectBothCrms } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { memoryLogger } from '../../testing/test-support';
import { apiKeyModel, createApiKeyRecords } from '../api-keys';
import { createProfileRecords, profileModel } from '../profiles';
import { blockListLogModel } from './block-list-log.model';
import { blockListStateModel, blockListSyncModel } from './block-list-sync.model';

export type ErrorBody = { code: string; message: string };

export const SYNCS = '/api/admin/dashboard/smartlead/blocked-lists';
export const HUBSPOT_CREATE = '/api/admin/hubspot/blocked-lists';
export const SALESFORCE_CREATE = '/api/admin/salesforce/blocked-lists';

let sandbox: RunningSandbox;
export let lists: SandboxLists;
export let app: SandboxTestApp;
export let owner: TestClient;
export let hubspotId: string;
export let salesforceId: string;
export const keys = {} as Record<Platform, string>;

export async function smartleadBlockList(): Promise<
  Array<{ value: string; clientId: number | null }>
> {
  const entries = await lists.call<Array<{ email_or_domain: string; client_id: number | null }>>(
    'GET',
    `/smartlead/api/v1/leads/get-domain-block-list?api_key=${DEMO_API_KEYS.smartlead}&limit=1000`,
  );
  return entries.map((entry) => ({ value: entry.email_or_domain, clientId: entry.client_id }));
}

export async function instantlyBlockList(): Promise<string[]> {
  const answer = await lists.call<{ items: Array<{ bl_value: string }> }>(
    'GET',
    '/instantly/api/v2/block-lists-entries?limit=100',
    { headers: { authorization: `Bearer ${DEMO_API_KEYS.instantly}` } },
  );
  return answer.items.map((item) => item.bl_value);
}

function runner() {
  const { logger } = memoryLogger('silent');
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
  return (syncId: string): Promise<BlockListRunOutcome> =>
    runBlockListSync(
      {
        syncs: blockListSyncModel(connection),
        states: blockListStateModel(connection),
        logs: blockListLogModel(connection),
        profiles: createProfileRecords(profileModel(connection)),
        apiKeys: createApiKeyRecords(apiKeyModel(connection)),
        connections: profiles.connections,
        secrets: app.secrets,
        writerFor: (target) =>
          createBlockListWriter(target, {
            urls: app.config.platforms,
            fetch: app.safeFetch,
            // An outage fails the run after two quick retries instead of minutes of them;
            // Smartlead's 10 calls per 2 s (the forms' client checks count) are waited out.
            tuning: { retries: 2, timeoutMs: 5_000, maxRetryAfterMs: 3_000 },
          }),
        now: () => new Date(),
        leaseMs: 60_000,
        intervalMs: 3_600_000,
        retentionDays: 90,
        logger,
      },
      syncId,
    );
}
export let run: ReturnType<typeof runner>;

export async function syncOf(client: TestClient, id: string): Promise<BlockListSync> {
  const all = (await client.get<BlockListSync[]>(SYNCS)).body;
  const found = all.find((sync) => sync.id === id);
  if (!found) throw new Error(`sync ${id} is not listed`);
  return found;
}

export function hubspotBody(overrides: Record<string, unknown> = {}) {
  return {
    crm: 'HUBSPOT',
    listType: 'CONTACT_LIST',
    listId: '',
    listName: '',
    apiKeyId: keys.smartlead,
    blockType: 'ADDRESS',
    client: '301',
    useDomainForNonLatin: false,
    profileUrlFieldNames: [],
    heyReachListId: null,
    userProfileId: hubspotId,
    ...overrides,
  };
}

/** Registers the file's hooks: the app started before its tests and stopped after them. */
export function useBlockListsApp(): void {
  beforeAll(async () => {
    // One address on the paid plan by PAID_TIER_EMAILS: a sign-in that moves it there
    // (block-lists.plan.test.ts).
    app = await startSandboxTestApp({ env: { PAID_TIER_EMAILS: 'moved-to-paid@customer.test' } });
    sandbox = app.sandbox;
    lists = sandboxLists(sandbox.url);
    owner = await app.signIn({ email: 'block-lists@customer.test' });
    ({ hubspotId, salesforceId } = await connectBothCrms(app.url, owner, sandbox.url));
    await profileModel(app.db.connection).updateMany({}, { $set: { canBlockList: true } });
    for (const platform of ['smartlead', 'instantly', 'heyreach'] as const) {
      const key = await buildApiKey(app.db, app.secrets, {
        userProfileId: hubspotId,
        platform,
        apiKey: DEMO_API_KEYS[platform],
        description: `Demo ${platform}`,
      });
      keys[platform] = key._id.toString();
    }
    run = runner();
    // Every create asks Smartlead for the key's clients: its 10 calls per 2 s would turn the
    // tests' counted writes into retried ones. Rate limits are the connectors' tests' concern.
    await lists.setFaults({ system: 'smartlead', rateLimit: 0 });
    // An app, the sandbox and two CRM connections: over jest's 5 s on a loaded 2-core machine.
  }, 30_000);
  afterAll(async () => {
    await app?.stop();
  });
  afterEach(async () => {
    await lists.setFaults({ system: '*', errorRate: 0 });
  });
}
