// A 100,000-member HubSpot contact list into Instantly's block list (issue 14 "Performance"):
// the first run's time and platform calls; a second run with no change (goal: no write call);
// then 100 new members (goal: one write call).
//
//   npx tsx bench/block-lists.ts [--members 100000] [--new 100] [--timeout 900]
//
// The whole product as `npm start` runs it (the sync harness: embedded MongoDB with a data
// directory, the sandbox, the service with its worker, the demo workspace). The list is seeded
// in the demo portal through the sandbox's seeding route; the sync is created through the API as
// the Block lists form does, and each run is started by Resume Blocking (pause, then resume), as
// a person would start one before the hourly schedule. Calls are the sandbox's `/_stats` counters.
import { parseArgs } from 'node:util';
import { HUBSPOT_DEMO_HUB_ID, HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '@outsync/sandbox';
import { ApiSession } from '../scripts/demo-workspace.ts';
import { DEMO_ADMIN_EMAIL } from '../scripts/product.ts';
import { readSignInCode } from '../scripts/sign-in.ts';
import { isMain } from './figures.ts';
import { loadLine, machineLine, printTable, sleep, startSyncBench } from './sync-harness.ts';

export interface BlockListOptions {
  /** Members of the seeded HubSpot contact list. */
  members: number;
  /** Contacts that join the list before the third run. */
  newMembers: number;
  /** Seconds to wait for each run. */
  timeout: number;
}

export const defaultBlockListOptions: BlockListOptions = {
  members: 100_000,
  newMembers: 100,
  timeout: 900,
};

export interface BlockListFigures {
  options: BlockListOptions;
  /** Create → SYNCED. */
  firstRunSeconds: number;
  firstSynced: number;
  firstWriteCalls: number;
  secondRunSeconds: number;
  /** Goal 0: nothing changed. */
  secondWriteCalls: number;
  thirdSynced: number;
  /** Goal 1: the new members in one call. */
  thirdWriteCalls: number;
  /** Every run ended SYNCED. */
  ok: boolean;
}

type Sync = {
  id: string;
  listName: string;
  status: string;
  lastFetchedAt: string | null;
  lastError: string | null;
  lastSmartleadError: string | null;
  countItemsSynced: number;
  countItemsNotSynced: number;
  progress: { phase: string; done: number; total: number | null } | null;
};
type Stats = { systems: Record<string, { byRoute: Record<string, number> } | undefined> };

/** Runs the benchmark and prints its report; answers its figures (for bench/all.ts). */
export async function runBlockLists(
  given: Partial<BlockListOptions> = {},
): Promise<BlockListFigures> {
  const options: BlockListOptions = { ...defaultBlockListOptions, ...given };
  const MEMBERS = options.members;
  const NEW_MEMBERS = options.newMembers;
  const TIMEOUT_MS = options.timeout * 1000;
  const bench = await startSyncBench();
  try {
    const { sandboxUrl, serviceUrl } = bench;
    const api = new ApiSession(serviceUrl);
    const since = new Date(Date.now() - 1000);
    await api.expect('POST', '/auth/code', { email: DEMO_ADMIN_EMAIL });
    const code = await readSignInCode(sandboxUrl, DEMO_ADMIN_EMAIL, since);
    await api.expect('POST', '/auth/verify', { email: DEMO_ADMIN_EMAIL, code, rememberMe: false });

    // The demo's own syncs run first: wait for them, so their calls are not counted here.
    await waitUntil(
      async () => (await syncs()).every((sync) => settled(sync)),
      'the demo syncs',
      TIMEOUT_MS,
    );

    console.error(`Seeding a HubSpot contact list of ${MEMBERS.toLocaleString('en-US')}…`);
    const seeded = await sandboxJson<{ listId: string; size: number }>(
      sandboxUrl,
      'POST',
      `/_sandbox/hubspot/portals/${HUBSPOT_DEMO_HUB_ID}/lists/seed`,
      { objectType: 'contacts', size: MEMBERS, name: `Bench ${MEMBERS} contacts` },
    );
    const integrations = await api.expect<{ user: { id: string; profile: string } }[]>(
      'GET',
      '/api/admin/users/integrations',
    );
    const profileId = integrations.find((item) => item.user.profile === 'HUBSPOT')?.user.id ?? '';
    const keys = await api.expect<{ id: string; platform: string }[]>(
      'GET',
      `/api/admin/dashboard/users/${profileId}/api-keys`,
    );
    const instantlyKey = keys.find((key) => key.platform === 'instantly');
    if (!instantlyKey) throw new Error('the demo workspace has no Instantly key');

    // First run: started by Start Blocking.
    const before = await stats(sandboxUrl);
    const started = performance.now();
    const created = await api.expect<Sync>('POST', '/api/admin/hubspot/blocked-lists', {
      crm: 'HUBSPOT',
      listType: 'CONTACT_LIST',
      listId: seeded.listId,
      listName: '',
      apiKeyId: instantlyKey.id,
      blockType: 'ADDRESS',
      client: null,
      useDomainForNonLatin: true,
      profileUrlFieldNames: [],
      heyReachListId: null,
      userProfileId: profileId,
    });
    const first = await waitForRun(created.id, null);
    const firstSeconds = (performance.now() - started) / 1000;
    const afterFirst = await stats(sandboxUrl);

    // Second run, nothing changed.
    const secondStarted = performance.now();
    const second = await rerun(created.id, first.lastFetchedAt);
    const secondSeconds = (performance.now() - secondStarted) / 1000;
    const afterSecond = await stats(sandboxUrl);

    // Third run after NEW_MEMBERS new contacts joined the list.
    const ids: string[] = [];
    for (let start = 0; start < NEW_MEMBERS; start += 100) {
      const batch = Array.from({ length: Math.min(100, NEW_MEMBERS - start) }, (_, index) => ({
        properties: { email: `new.member.${start + index}@bench-joiners.test` },
      }));
      const answer = await hubspot<{ results: { id: string }[] }>(
        sandboxUrl,
        'POST',
        '/crm/v3/objects/contacts/batch/create',
        { inputs: batch },
      );
      ids.push(...answer.results.map((result) => result.id));
    }
    await hubspot(sandboxUrl, 'PUT', `/crm/v3/lists/${seeded.listId}/memberships/add`, ids);
    const third = await rerun(created.id, second.lastFetchedAt);
    const afterThird = await stats(sandboxUrl);

    const writes = (from: Stats, to: Stats) =>
      delta(from, to, 'instantly', (route) => route.includes('bulk-create'));
    const all = (from: Stats, to: Stats, system: string) => delta(from, to, system, () => true);
    printTable(
      `Block list: HubSpot contact list of ${MEMBERS.toLocaleString('en-US')} → Instantly`,
      [
        ['first run (create → SYNCED)', `${firstSeconds.toFixed(1)} s`],
        ['  synced / not synced', `${first.countItemsSynced} / ${first.countItemsNotSynced}`],
        ['  Instantly write calls', String(writes(before, afterFirst))],
        ['  Instantly calls in all', String(all(before, afterFirst, 'instantly'))],
        ['  HubSpot calls', String(all(before, afterFirst, 'hubspot'))],
        ['second run, no change', `${secondSeconds.toFixed(1)} s`],
        ['  Instantly write calls (goal 0)', String(writes(afterFirst, afterSecond))],
        [`third run, ${NEW_MEMBERS} new members`, `${third.countItemsSynced} synced`],
        ['  Instantly write calls (goal 1)', String(writes(afterSecond, afterThird))],
        ['machine', machineLine()],
        ['load', loadLine()],
      ],
    );
    const ok = first.status === 'SYNCED' && second.status === 'SYNCED' && third.status === 'SYNCED';
    if (!ok) {
      console.error(`A run did not end SYNCED: ${JSON.stringify({ first, second, third })}`);
      process.exitCode = 1;
    }
    const figures: BlockListFigures = {
      options,
      firstRunSeconds: firstSeconds,
      firstSynced: first.countItemsSynced,
      firstWriteCalls: writes(before, afterFirst),
      secondRunSeconds: secondSeconds,
      secondWriteCalls: writes(afterFirst, afterSecond),
      thirdSynced: third.countItemsSynced,
      thirdWriteCalls: writes(afterSecond, afterThird),
      ok,
    };

    async function syncs(): Promise<Sync[]> {
      return api.expect<Sync[]>('GET', '/api/admin/dashboard/smartlead/blocked-lists');
    }

    async function waitForRun(id: string, previousFetchedAt: string | null): Promise<Sync> {
      let last: Sync | undefined;
      await waitUntil(
        async () => {
          last = (await syncs()).find((sync) => sync.id === id);
          if (last?.progress) {
            const { phase, done, total } = last.progress;
            console.error(`  ${phase} ${done}${total === null ? '' : ` / ${total}`}`);
          }
          return (
            !!last &&
            settled(last) &&
            (last.status === 'FAILED' || last.lastFetchedAt !== previousFetchedAt)
          );
        },
        `the run of ${id}`,
        TIMEOUT_MS,
      );
      if (!last) throw new Error(`sync ${id} disappeared`);
      return last;
    }

    async function rerun(id: string, previousFetchedAt: string | null): Promise<Sync> {
      await api.expect('PUT', `/api/admin/dashboard/smartlead/blocked-lists/${id}`, {
        isEnabled: false,
      });
      await api.expect('PUT', `/api/admin/dashboard/smartlead/blocked-lists/${id}`, {
        isEnabled: true,
      });
      return waitForRun(id, previousFetchedAt);
    }
    return figures;
  } finally {
    await bench.stop();
  }
}

function settled(sync: Sync): boolean {
  return sync.status === 'SYNCED' || sync.status === 'FAILED';
}

async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(1000);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function sandboxJson<T>(
  sandboxUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function hubspot<T>(
  sandboxUrl: string,
  method: string,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${sandboxUrl}/hubspot${path}`, {
    method,
    headers: {
      authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`HubSpot ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

function stats(sandboxUrl: string): Promise<Stats> {
  return sandboxJson<Stats>(sandboxUrl, 'GET', '/_stats');
}

function delta(from: Stats, to: Stats, system: string, match: (route: string) => boolean): number {
  const count = (stats: Stats) =>
    Object.entries(stats.systems[system]?.byRoute ?? {})
      .filter(([route]) => match(route))
      .reduce((sum, [, n]) => sum + n, 0);
  return count(to) - count(from);
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: String(defaultBlockListOptions.members) },
      new: { type: 'string', default: String(defaultBlockListOptions.newMembers) },
      timeout: { type: 'string', default: String(defaultBlockListOptions.timeout) },
    },
  });
  await runBlockLists({
    members: Number(values.members),
    newMembers: Number(values.new),
    timeout: Number(values.timeout),
  });
}
