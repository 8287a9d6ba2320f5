// The settings-to-writes matrix (ARCHITECTURE §4, issue 29 "What to build" 1): for each setting
// of a CRM's webhook form, events posted to the real receiver, written by the Agenda worker
// through the real writers into the sandbox, and what the CRM then holds. The cases of a file run
// side by side in one app and one sandbox (each with its own webhook and its own leads); the
// assertions then read one snapshot of the sandbox's CRM.
import {
  changePlatform,
  initialWebhookForm,
  webhookBodyFromForm,
} from '@outsync/contracts/webhooks';
import { WebhookSettingsSchema, type WebhookSettingsParsed } from '@outsync/contracts/webhooks';
import type { CrmKind, Platform } from '@outsync/contracts';
import type { Types } from 'mongoose';
import { SMARTLEAD_DEMO_API_KEY } from '@outsync/sandbox';
import { buildApiKey, buildUserAccount } from '../../testing/account-factories';
import { buildProfile } from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { buildWebhook } from '../../testing/webhook-factories';
import { webhookEventModel, type WebhookEventDoc } from './webhook-event.model';

/**
 * Every setting a webhook form stores, spelt out: the stored settings' schema keys and the owner
 * chosen on create. A file's rows must be exactly these (a new setting without a row fails).
 */
export const MATRIX_SETTINGS = [
  'emailService',
  'createOrUpdateCompany',
  'createOrUpdateTask',
  'createContactCustomProperties',
  'assignCompanyOwner',
  'assignContactOwner',
  'salesforceOnlyUpdate',
  'apiKeyId',
  'smartleadBaseCategories',
  'customTaskSubject',
  'logType',
  'salesforceObjectType',
  'salesforceCustomFieldObjects',
  'salesforceTaskType',
  'objectLookupMethod',
  'objectLookupIdField',
  'objectDefaultSearchProperty',
  'optionalAlternativeProperty',
  'additionalEndpoints',
  'owner',
] as const;
export type MatrixSetting = (typeof MATRIX_SETTINGS)[number];

/** The keys the settings' schema declares, plus the owner (the create request's selectedOwner). */
export function schemaSettingKeys(): string[] {
  return [...Object.keys(WebhookSettingsSchema.shape), 'owner'].sort();
}

export type EventSummary = Pick<WebhookEventDoc, 'status' | 'reason' | 'eventType'> & {
  errors: unknown;
};

export type CaseResult<View> = {
  view: View;
  events: EventSummary[];
  /** What the case's `seed` made, by the names it gave. */
  seeded: Record<string, string>;
  /** The bodies the case's additional endpoint received. */
  forwarded: unknown[];
  /** The statuses of the events posted so far, after each step settled. */
  stepStatuses: string[][];
};

type Steps = Array<Array<Record<string, unknown>>>;

export type MatrixCase<View> = {
  name: string;
  platform: Platform;
  /** Settings over what the form stores after choosing the platform (see `formSettings`). */
  settings?: WebhookSettingsParsed | ((seeded: Record<string, string>) => WebhookSettingsParsed);
  /** The CRM owner chosen on create (read when the case runs); the file's default when left out. */
  owner?: string | (() => string);
  /** An additional endpoint (a sandbox receiver) for these event types. */
  endpoint?: {
    name: string;
    eventTypes: NonNullable<WebhookSettingsParsed['additionalEndpoints']>[number]['eventTypes'];
  };
  /** CRM records (or API keys) made before the events, by name. */
  seed?: (matrix: MatrixApp) => Promise<Record<string, string>>;
  /**
   * The events (raw platform payloads): each step is posted and settled before the next. A
   * function gets what `seed` made (an event naming a seeded record's id).
   */
  steps: Steps | ((seeded: Record<string, string>) => Steps);
  /** The events' statuses after each step; every event `synced` at the end when left out. */
  outcome?: string[][];
  check: (result: CaseResult<View>) => void;
};

export type MatrixRow<View> = {
  /** Whether this CRM's form offers the setting (spec 01 §2.8, §2.9). */
  offered: boolean;
  /** What the setting does to the writes, in one sentence (docs/decisions.md "The settings-to-writes matrix"). */
  effect: string;
  cases: Array<MatrixCase<View>>;
};

export type Matrix<View> = Record<MatrixSetting, MatrixRow<View>>;

export type MatrixApp = {
  app: SandboxTestApp;
  profileId: Types.ObjectId;
  ownerId: Types.ObjectId;
  ownerClient: TestClient;
};

/** The app (worker on, a small batch window) and a paid owner with a profile of `crm`. */
export async function startMatrixApp(
  crm: CrmKind,
  connection: { organizationId: string; accessToken: string; instancePath?: string },
): Promise<MatrixApp> {
  const app = await startSandboxTestApp({
    sandboxHost: '127.0.0.1',
    worker: true,
    env: { SYNC_BATCH_WINDOW_MS: '20' },
  });
  const email = `matrix-${crm.toLowerCase()}@example.com`;
  const ownerClient = await app.signIn({ email, isPaidTier: true });
  const owner = await app.models.users.findOne({ email }).lean();
  if (!owner) throw new Error('owner missing');
  const profile = await buildProfile(app.db, {
    ownerId: owner._id,
    crm,
    organizationId: connection.organizationId,
    connection: {
      accessToken: connection.accessToken,
      refreshToken: 'unused',
      ...(connection.instancePath
        ? { instanceUrl: `${app.sandbox.url}${connection.instancePath}` }
        : {}),
    },
    secrets: app.secrets,
  });
  return { app, profileId: profile._id, ownerId: owner._id, ownerClient };
}

/** The sandbox's demo Smartlead key, stored on the profile: `{ key }` is its id. */
export async function seedSmartleadKey(matrix: MatrixApp): Promise<Record<string, string>> {
  const key = await buildApiKey(matrix.app.db, matrix.app.secrets, {
    userProfileId: matrix.profileId,
    platform: 'smartlead',
    apiKey: SMARTLEAD_DEMO_API_KEY,
  });
  return { key: key._id.toString() };
}

/**
 * What the form sends once the platform is chosen and nothing else is touched (its defaults,
 * spec 01 §4 "Platform change": the social tool's log type 1, no company for it, …), with the
 * case's settings over it. `buildWebhook` then applies the save rules, as the service does.
 */
export function formSettings(
  crm: CrmKind,
  platform: Platform,
  settings: WebhookSettingsParsed = {},
): WebhookSettingsParsed {
  return { ...webhookBodyFromForm(changePlatform(initialWebhookForm(crm), platform)), ...settings };
}

const SETTLE_MS = 45_000;

/** The webhook's events once `count` are in and none waits for the worker. */
export async function settled(
  app: SandboxTestApp,
  webhookId: Types.ObjectId,
  count: number,
): Promise<WebhookEventDoc[]> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const events = await webhookEventModel(app.db.connection)
      .find({ webhookId })
      .sort({ receivedAt: 1, _id: 1 })
      .lean<WebhookEventDoc[]>();
    if (events.length >= count && events.every((event) => event.status !== 'received'))
      return events;
    if (Date.now() > deadline)
      throw new Error(
        `events not settled: ${JSON.stringify(events.map((event) => [event.status, event.errors]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function postEvent(app: SandboxTestApp, code: string, body: unknown): Promise<void> {
  const response = await fetch(`${app.url}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`the receiver answered ${response.status}: ${await response.text()}`);
}

/** One case: its seed, its webhook, its events step by step, its events' outcomes. */
async function runCase<View>(
  matrix: MatrixApp,
  crm: CrmKind,
  defaults: { owner: string },
  entry: MatrixCase<View>,
): Promise<Omit<CaseResult<View>, 'view'>> {
  const { app } = matrix;
  const seeded = entry.seed ? await entry.seed(matrix) : {};
  const endpoint = entry.endpoint
    ? await buildUserAccount(app.db, {
        userProfileId: matrix.profileId,
        url: `${app.sandbox.url}/receiver/${entry.endpoint.name}`,
        signingSecretSealed: app.secrets.seal('matrix-signing-secret'),
      })
    : null;
  const settings = formSettings(
    crm,
    entry.platform,
    typeof entry.settings === 'function' ? entry.settings(seeded) : entry.settings,
  );
  if (endpoint && entry.endpoint)
    settings.additionalEndpoints = [
      { userAccount: { id: endpoint._id.toString() }, eventTypes: entry.endpoint.eventTypes },
    ];
  const hook = await buildWebhook(app.db, {
    profile: { _id: matrix.profileId, ownerId: matrix.ownerId, crm, organizationId: '' },
    owner: {
      id: (typeof entry.owner === 'function' ? entry.owner() : entry.owner) ?? defaults.owner,
    },
    settings,
  });
  let posted = 0;
  let events: WebhookEventDoc[] = [];
  const stepStatuses: string[][] = [];
  const steps = typeof entry.steps === 'function' ? entry.steps(seeded) : entry.steps;
  for (const step of steps) {
    for (const body of step) await postEvent(app, hook.code, body);
    posted += step.length;
    events = await settled(app, hook._id, posted);
    stepStatuses.push(events.map((event) => event.status));
  }
  return {
    seeded,
    forwarded: [],
    stepStatuses,
    events: events.map((event) => ({
      status: event.status,
      reason: event.reason,
      eventType: event.eventType,
      errors: event.errors,
    })),
  };
}

/**
 * Registers the run of every case of the matrix (beforeAll, side by side) and one test per case
 * that asserts on the CRM snapshot taken once every case settled.
 */
export function describeMatrix<View>(options: {
  crm: CrmKind;
  start: () => Promise<MatrixApp>;
  owner: () => string;
  snapshot: (matrix: MatrixApp) => Promise<View>;
  matrix: Matrix<View>;
  /** Writes no setting decides (issue 29 "Why" 6, data quality), by what they are about. */
  beyond?: Record<string, Array<MatrixCase<View>>>;
}): void {
  let matrix: MatrixApp | undefined;
  const results = new Map<
    MatrixCase<View>,
    { run?: Omit<CaseResult<View>, 'view'>; error?: unknown }
  >();
  let view: View | undefined;

  beforeAll(async () => {
    matrix = await options.start();
    const started = matrix;
    const cases = [
      ...Object.values<MatrixRow<View>>(options.matrix).flatMap((row) => row.cases),
      ...Object.values(options.beyond ?? {}).flat(),
    ];
    await Promise.all(
      cases.map(async (entry) => {
        try {
          results.set(entry, {
            run: await runCase(started, options.crm, { owner: options.owner() }, entry),
          });
        } catch (error) {
          results.set(entry, { error });
        }
      }),
    );
    view = await options.snapshot(started);
    for (const [entry, result] of results)
      if (result.run && entry.endpoint)
        result.run.forwarded = await receiverBodies(started.app, entry.endpoint.name);
  }, 120_000);

  afterAll(async () => {
    await matrix?.app.stop();
  });

  it('has one row per setting of the schema, no more', () => {
    expect([...MATRIX_SETTINGS].sort()).toEqual(schemaSettingKeys());
    expect(Object.keys(options.matrix).sort()).toEqual([...MATRIX_SETTINGS].sort());
  });

  const caseTest = (entry: MatrixCase<View>) =>
    it(`${entry.platform}: ${entry.name}`, () => {
      const result = results.get(entry);
      if (!result?.run) throw result?.error ?? new Error('the case did not run');
      if (view === undefined) throw new Error('no CRM snapshot');
      if (entry.outcome) expect(result.run.stepStatuses).toEqual(entry.outcome);
      else expect(result.run.events.filter((event) => event.status !== 'synced')).toEqual([]);
      entry.check({ view, ...result.run });
    });
  for (const [setting, row] of Object.entries<MatrixRow<View>>(options.matrix)) {
    describe(`${setting} (${row.offered ? 'on the form' : 'not on the form'}): ${row.effect}`, () => {
      it('has a case', () => {
        expect(row.cases.length).toBeGreaterThan(0);
      });
      row.cases.forEach(caseTest);
    });
  }
  for (const [topic, cases] of Object.entries(options.beyond ?? {}))
    describe(`data quality: ${topic}`, () => cases.forEach(caseTest));
}

/** A sandbox CRM's whole state as its inspection JSON gives it (`/_state/{system}`). */
export async function sandboxState<State>(
  app: SandboxTestApp,
  system: 'hubspot' | 'salesforce',
): Promise<State> {
  const response = await fetch(`${app.sandbox.url}/_state/${system}`);
  if (response.status !== 200) throw new Error(`/_state/${system} answered ${response.status}`);
  return (await response.json()) as State;
}

/** The JSON bodies a sandbox receiver was sent. */
async function receiverBodies(app: SandboxTestApp, name: string): Promise<unknown[]> {
  const response = await fetch(`${app.sandbox.url}/receiver/${name}/requests`);
  if (response.status !== 200) throw new Error(`receiver ${name} answered ${response.status}`);
  return ((await response.json()) as Array<{ body: unknown }>).map((request) => request.body);
}
