// Two processes of the service on one database share a HubSpot portal's budget (issue 33,
// item 4): the composition root gives every process the MongoDB-backed limiter, so one process's
// calls count against the other's, and the sandbox's 429 never comes. With a budget per process,
// the two together would send more than the portal allows.
import { startSandbox, type RunningSandbox } from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { demoPortalOwner, sandboxAppEnv } from './testing/sandbox-test-app';
import { startTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

const EMAIL = 'budget-owner@example.com';

let sandbox: RunningSandbox;
let first: TestApp;
let second: TestApp;
let profileId: Types.ObjectId;
let clients: { first: TestClient; second: TestClient };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1' });
  const env = sandboxAppEnv(sandbox.url);
  first = await startTestApp({ env });
  second = await startTestApp({ env });
  const owner = await demoPortalOwner(first, EMAIL);
  profileId = owner.profileId;
  clients = {
    first: owner.client,
    second: await second.signIn({ email: EMAIL, isPaidTier: true }),
  };
}, 60_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await sandbox?.stop();
});

async function hubspotStats(): Promise<{ requests: number; rateLimited: number }> {
  const response = await fetch(`${sandbox.url}/_stats`);
  const stats = (await response.json()) as {
    systems: { hubspot?: { requests: number; rateLimited: number } };
  };
  return stats.systems.hubspot ?? { requests: 0, rateLimited: 0 };
}

it('keeps two processes together to the portal’s budget, refusing before HubSpot would', async () => {
  // The portal allows 3 calls per 10 s: OutSync's budget is 2, for both processes.
  const faults = await fetch(`${sandbox.url}/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system: 'hubspot', rateLimit: 3, rateWindowMs: 10_000 }),
  });
  expect(faults.status).toBe(200);
  const owners = `/api/admin/hubspot/owners-and-user-accounts/${profileId.toString()}`;

  // Each listing is one HubSpot call; the processes take turns.
  const statuses: number[] = [];
  for (const client of [clients.first, clients.second, clients.first, clients.second])
    statuses.push((await client.get(owners)).status);

  expect(statuses).toEqual([200, 200, 502, 502]);
  expect(await hubspotStats()).toMatchObject({ requests: 2, rateLimited: 0 });
  const refused = await clients.second.get<{ code: string; message: string }>(owners);
  expect(refused.body).toEqual({
    code: 'upstream_failed',
    message: 'HubSpot did not answer: too many requests right now. Please try again in a moment.',
  });
});
