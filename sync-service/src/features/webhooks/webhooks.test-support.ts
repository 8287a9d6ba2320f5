// Shared set-up for the webhooks tests (webhooks.*.test.ts): the real app against the sandbox's
// HubSpot portal and Salesforce org (owners, task types, custom fields), with its clock moved by
// hand; an owner with both CRMs connected; request bodies and readers of the stored webhooks.
// Each test file calls useWebhooksApp() once and so runs an app of its own.
import type { MeResponse } from '@outsync/contracts';
import type { CrmOwner, SalesforceProfile } from '@outsync/contracts/accounts';
import type { Webhook } from '@outsync/contracts/webhooks';
import {
  SALESFORCE_DEMO_CLIENT_ID,
  SALESFORCE_DEMO_CLIENT_SECRET,
  type RunningSandbox,
} from '@outsync/sandbox';
import {
  authorizeInSandbox,
  browserGet,
  callbackPath,
  connectHubspot,
} from '../../testing/profile-factories';
import { startSandboxTestApp, type SandboxTestApp } from '../../testing/sandbox-test-app';
import type { TestClient } from '../../testing/test-client';
import { webhookModel, type WebhookDoc } from './webhooks.service';

export const WEBHOOKS = '/api/admin/webhooks';

export type Error_ = { code: string; message: string };

let sandbox: RunningSandbox;
export let app: SandboxTestApp;
export let owner: TestClient;
export let ownerId: string;
export let ownerEmail: string;
export let hubspotId: string;
export let salesforceId: string;
export let salesforceDomain: string;
export let hubspotOwners: CrmOwner[];
export let salesforceOwners: CrmOwner[];
export let clock: Date;

/** Registers the file's hooks: the app, the owner and their two CRM profiles before its tests. */
export function useWebhooksApp(): void {
  beforeAll(async () => {
    clock = new Date('2030-01-01T10:00:00.000Z');
    app = await startSandboxTestApp({
      now: () => clock,
      env: { PUBLIC_URL: 'https://hooks.outsync.test' },
    });
    sandbox = app.sandbox;
    ownerEmail = 'webhook-owner@customer.test';
    owner = await app.signIn({ email: ownerEmail });
    await connectHubspot(app.url, owner);
    salesforceDomain = `${sandbox.url}/salesforce`;
    const created = await owner.post<SalesforceProfile>('/api/admin/salesforce/profiles', {
      domain: salesforceDomain,
      consumer_key: SALESFORCE_DEMO_CLIENT_ID,
      consumer_secret: SALESFORCE_DEMO_CLIENT_SECRET,
    });
    salesforceId = created.body.id;
    const check = await owner.get<{ authorizeUrl: string }>(
      `/api/admin/salesforce/profiles/${salesforceId}`,
    );
    await browserGet(
      app.url,
      owner,
      callbackPath(await authorizeInSandbox(check.body.authorizeUrl)),
    );
    const me = (await owner.get<MeResponse>('/api/admin/me')).body;
    ownerId = me.id;
    hubspotId = me.userProfiles
      .map((entry) => entry.userProfileId)
      .find((id) => id !== salesforceId) as string;
    hubspotOwners = (
      await owner.get<{ owners: CrmOwner[] }>(
        `/api/admin/hubspot/owners-and-user-accounts/${hubspotId}`,
      )
    ).body.owners;
    salesforceOwners = (
      await owner.get<{ owners: CrmOwner[] }>(`/api/admin/salesforce/user-accounts/${salesforceId}`)
    ).body.owners;
  });

  afterAll(async () => {
    await app?.stop();
  });
}

export async function generate(client: TestClient = owner): Promise<string> {
  const answer = await client.post<string>(`${WEBHOOKS}/generate`);
  expect(answer.status).toBe(200);
  return answer.body;
}

export function hubspotOwner(): CrmOwner {
  const first = hubspotOwners[0];
  if (!first) throw new Error('the sandbox portal has no owners');
  return first;
}

export function salesforceOwner(): CrmOwner {
  const first = salesforceOwners[0];
  if (!first) throw new Error('the sandbox org has no users');
  return first;
}

export async function hubspotBody(settings: Record<string, unknown> = {}) {
  return {
    userProfileId: hubspotId,
    selectedOwner: hubspotOwner(),
    code: await generate(),
    emailService: { type: 'smartlead', name: 'Smartlead' },
    objectLookupMethod: 'default',
    ...settings,
  };
}

export async function salesforceBody(settings: Record<string, unknown> = {}) {
  return {
    userProfileId: salesforceId,
    selectedOwner: salesforceOwner(),
    code: await generate(),
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    logType: 0,
    ...settings,
  };
}

export async function create(body: Record<string, unknown>, client: TestClient = owner) {
  return client.post<Webhook & Error_>(WEBHOOKS, body);
}

export async function created(body: Record<string, unknown>): Promise<Webhook> {
  const answer = await create(body);
  expect([answer.status, answer.body.message]).toEqual([201, undefined]);
  return answer.body;
}

export async function stored(id: string): Promise<WebhookDoc> {
  const doc = await webhookModel(app.db.connection).findById(id).lean<WebhookDoc>();
  if (!doc) throw new Error(`no webhook ${id}`);
  return doc;
}

export async function rawStored(id: string): Promise<Record<string, unknown>> {
  const doc = await webhookModel(app.db.connection).collection.findOne({
    _id: (await stored(id))._id,
  });
  return doc as Record<string, unknown>;
}

export function later(minutes = 1): void {
  clock = new Date(clock.getTime() + minutes * 60_000);
}
