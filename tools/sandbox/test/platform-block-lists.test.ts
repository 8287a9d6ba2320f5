// The platforms' block lists as a block-list sync writes them (issue 14; external-apis.md §3.3,
// §4.1, §4.3, §5.1, §5.3, §6.1, §6.2): HeyReach's 100-lead cap and lead deletion, bison's Laravel
// paginator, 100,000 entries on Smartlead, Instantly and bison, Instantly's bulk refusals and
// invalid count, the rate limits with their 429 shapes, `/_stats` per block-list route and the
// inspection pages' block-list tables.
import {
  BISON_DEMO_API_KEY,
  HEYREACH_DEMO_API_KEY,
  INSTANTLY_DEMO_API_KEY,
  SECOND_API_KEYS,
  SMARTLEAD_DEMO_API_KEY,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const instantlyAuth = { authorization: `Bearer ${INSTANTLY_DEMO_API_KEY}` };
const bisonAuth = { authorization: `Bearer ${BISON_DEMO_API_KEY}` };
const heyreachAuth = { 'x-api-key': HEYREACH_DEMO_API_KEY };

const smartlead = (method: string, path: string, body?: unknown) =>
  sandbox.request(
    method,
    `/smartlead/api/v1${path}${path.includes('?') ? '&' : '?'}api_key=${SMARTLEAD_DEMO_API_KEY}`,
    { body },
  );
const instantly = (method: string, path: string, body?: unknown) =>
  sandbox.request(method, `/instantly/api/v2${path}`, { headers: instantlyAuth, body });
const bison = (method: string, path: string, body?: unknown) =>
  sandbox.request(method, `/bison/api${path}`, { headers: bisonAuth, body });
const heyreach = (method: string, path: string, body?: unknown) =>
  sandbox.request(method, `/heyreach/api/public${path}`, { headers: heyreachAuth, body });

const range = <T>(count: number, value: (index: number) => T): T[] =>
  Array.from({ length: count }, (_unused, index) => value(index));

async function rateLimitsOff(): Promise<void> {
  await sandbox.request('POST', '/_faults', { body: { system: '*', rateLimit: 0 } });
}

describe('HeyReach lists', () => {
  async function newList(name = 'Blocked on LinkedIn'): Promise<number> {
    const created = await heyreach('POST', '/list/CreateEmptyList', { name, type: 'USER_LIST' });
    return Number(at(created.body, 'id'));
  }

  it('refuses more than 100 leads in one AddLeadsToListV2 call with its 400, adding none', async () => {
    const listId = await newList();
    const leads = range(101, (index) => ({
      profileUrl: `https://www.linkedin.com/in/person-${index}`,
    }));
    const refused = await heyreach('POST', '/list/AddLeadsToListV2', { listId, leads });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errorMessage: 'At most 100 leads can be added in one request (got 101).',
      statusCode: 400,
    });
    const listed = await heyreach('POST', '/list/GetLeadsFromList', {
      listId,
      offset: 0,
      limit: 100,
    });
    expect(at(listed.body, 'totalCount')).toBe(0);
    const accepted = await heyreach('POST', '/list/AddLeadsToListV2', {
      listId,
      leads: leads.slice(0, 100),
    });
    expect(accepted.body).toEqual({
      addedLeadsCount: 100,
      updatedLeadsCount: 0,
      failedLeadsCount: 0,
    });
  });

  it('returns each lead’s profileUrl and member id, and deletes leads by member id and by profile URL', async () => {
    const listId = await newList();
    await heyreach('POST', '/list/AddLeadsToListV2', {
      listId,
      leads: ['ann-lee', 'bo-park', 'cy-diaz', 'dee-moss'].map((slug) => ({
        profileUrl: `https://linkedin.com/in/${slug}/`,
        firstName: slug.split('-')[0],
      })),
    });
    const listed = await heyreach('POST', '/list/GetLeadsFromList', {
      listId,
      offset: 0,
      limit: 100,
    });
    const leads = at(listed.body, 'items') as Array<{ profileUrl: string; linkedInId: string }>;
    expect(leads.map((lead) => lead.profileUrl)).toEqual([
      'https://www.linkedin.com/in/ann-lee',
      'https://www.linkedin.com/in/bo-park',
      'https://www.linkedin.com/in/cy-diaz',
      'https://www.linkedin.com/in/dee-moss',
    ]);
    expect(leads.every((lead) => /^ACoAA[\w-]{30,}$/.test(lead.linkedInId))).toBe(true);

    const byMember = await heyreach('POST', '/list/DeleteLeadsFromList', {
      listId,
      leadMemberIds: [leads[0]?.linkedInId, 'ACoAAunknown'],
    });
    expect(byMember.status).toBe(200);
    // The heyreach CLI sends DELETE with a JSON body; the sandbox takes that too.
    const byUrl = await heyreach('DELETE', '/list/DeleteLeadsFromListByProfileUrl', {
      listId,
      profileUrls: ['https://www.linkedin.com/in/BO-PARK/'],
    });
    expect(byUrl.status).toBe(200);
    const after = await heyreach('POST', '/list/GetLeadsFromList', {
      listId,
      offset: 0,
      limit: 100,
    });
    expect(
      (at(after.body, 'items') as Array<{ profileUrl: string }>).map((lead) => lead.profileUrl),
    ).toEqual(['https://www.linkedin.com/in/cy-diaz', 'https://www.linkedin.com/in/dee-moss']);
    const gone = await heyreach('POST', '/list/DeleteLeadsFromList', {
      listId: 999,
      leadMemberIds: [],
    });
    expect(gone.body).toEqual({ errorMessage: 'List not found', statusCode: 404 });
  });
});

describe('bison blacklists', () => {
  it('pages with Laravel’s links and meta, right on the last page and past it', async () => {
    await bison('POST', '/blacklisted-emails/bulk', {
      emails: range(40, (index) => `person${index}@blocked.example`),
    });
    const base = `${sandbox.url.replace('127.0.0.1', 'localhost')}/bison/api/blacklisted-emails`;
    const links = (body: unknown) => {
      const value = at(body, 'links') as Record<string, string | null>;
      return Object.fromEntries(
        Object.entries(value).map(([key, url]) => [
          key,
          url?.replace('127.0.0.1', 'localhost') ?? null,
        ]),
      );
    };
    const last = await bison('GET', '/blacklisted-emails?page=3');
    expect((at(last.body, 'data') as unknown[]).length).toBe(10);
    expect(links(last.body)).toEqual({
      first: `${base}?page=1`,
      last: `${base}?page=3`,
      prev: `${base}?page=2`,
      next: null,
    });
    expect(at(last.body, 'meta')).toMatchObject({
      current_page: 3,
      from: 31,
      last_page: 3,
      per_page: 15,
      to: 40,
      total: 40,
    });
    const beyond = await bison('GET', '/blacklisted-emails?page=7');
    expect(at(beyond.body, 'data')).toEqual([]);
    expect(links(beyond.body)).toEqual({
      first: `${base}?page=1`,
      last: `${base}?page=3`,
      prev: `${base}?page=6`,
      next: null,
    });
    expect(at(beyond.body, 'meta')).toMatchObject({
      current_page: 7,
      from: null,
      last_page: 3,
      to: null,
      total: 40,
    });
    const first = await bison('GET', '/blacklisted-emails');
    expect(links(first.body)).toMatchObject({ prev: null, next: `${base}?page=2` });
    expect(at(first.body, 'meta')).toMatchObject({ current_page: 1, from: 1, to: 15 });
  });

  it('keeps 100,000 e-mails from one bulk call, each once, and pages to the last of them', async () => {
    const emails = range(100_000, (index) => `user${index}@bulk.example`);
    const added = await bison('POST', '/blacklisted-emails/bulk', { emails });
    expect(added.status).toBe(201);
    expect(at(added.body, 'meta')).toEqual({ valid_count: 100_000, invalid_count: 0 });
    const again = await bison('POST', '/blacklisted-emails/bulk', {
      emails: ['USER0@bulk.example', 'user1@bulk.example', 'not an email'],
    });
    expect(at(again.body, 'meta')).toEqual({ valid_count: 2, invalid_count: 1 });
    const lastPage = await bison('GET', '/blacklisted-emails?page=6667');
    expect(at(lastPage.body, 'meta')).toMatchObject({
      total: 100_000,
      last_page: 6667,
      from: 99_991,
    });
    expect(
      (at(lastPage.body, 'data') as Array<{ email: string }>).map((entry) => entry.email),
    ).toEqual(range(10, (index) => `user${99_990 + index}@bulk.example`));
  }, 30_000);
});

describe('Smartlead block list', () => {
  it('takes 100,000 values in calls of 1,000, counts repeats per client and pages them', async () => {
    await rateLimitsOff();
    let uploaded = 0;
    for (let call = 0; call < 100; call++) {
      const answer = await smartlead('POST', '/leads/add-domain-block-list', {
        domain_block_list: range(1000, (index) => `blocked${call * 1000 + index}.example`),
        client_id: null,
      });
      uploaded += Number(at(answer.body, 'uploadCount'));
    }
    expect(uploaded).toBe(100_000);
    const repeat = await smartlead('POST', '/leads/add-domain-block-list', {
      domain_block_list: ['BLOCKED0.example', 'blocked1.example'],
      client_id: null,
    });
    expect([at(repeat.body, 'uploadCount'), at(repeat.body, 'alreadyAddedCount')]).toEqual([0, 2]);
    const forClient = await smartlead('POST', '/leads/add-domain-block-list', {
      domain_block_list: ['blocked0.example'],
      client_id: 301,
    });
    expect(at(forClient.body, 'uploadCount')).toBe(1);
    const tail = await smartlead('GET', '/leads/get-domain-block-list?offset=100000&limit=1000');
    // The seeded competitor.example comes first, then the 100,000, then the client's entry.
    expect(
      (tail.body as Array<{ email_or_domain: string; client_id: number | null }>).map((entry) => [
        entry.email_or_domain,
        entry.client_id,
      ]),
    ).toEqual([
      ['blocked99999.example', null],
      ['blocked0.example', 301],
    ]);
  }, 60_000);
});

describe('Instantly block list', () => {
  it.each([
    [{ bl_values: [] }, 'body/bl_values must NOT have fewer than 1 items'],
    [
      { bl_values: range(1001, (index) => `d${index}.example`) },
      'body/bl_values must NOT have more than 1000 items',
    ],
    [{}, "body must have required property 'bl_values'"],
  ])('refuses bulk-create %# with Instantly’s 400', async (body, message) => {
    const refused = await instantly('POST', '/block-lists-entries/bulk-create', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    const listed = await instantly('GET', '/block-lists-entries');
    expect(at(listed.body, 'items')).toEqual([]);
  });

  it('counts non-ASCII and malformed values as invalid and keeps the ASCII ones', async () => {
    const answer = await instantly('POST', '/block-lists-entries/bulk-create', {
      bl_values: [
        'josé@acme.example',
        'bücher.example',
        'xn--bcher-kva.example',
        'Ops@Acme.example',
        'not valid',
        'ops@acme.example',
      ],
    });
    expect(answer.status).toBe(200);
    expect([at(answer.body, 'valid_count'), at(answer.body, 'invalid_count')]).toEqual([3, 3]);
    expect(
      (at(answer.body, 'items') as Array<{ bl_value: string }>).map((item) => item.bl_value),
    ).toEqual(['xn--bcher-kva.example', 'ops@acme.example', 'ops@acme.example']);
  });

  it('keeps 100,000 entries from calls of 1,000 and pages after any of them', async () => {
    await rateLimitsOff();
    let lastIds: string[] = [];
    for (let call = 0; call < 100; call++) {
      const answer = await instantly('POST', '/block-lists-entries/bulk-create', {
        bl_values: range(1000, (index) => `lead${call * 1000 + index}@bulk.example`),
      });
      expect(at(answer.body, 'valid_count')).toBe(1000);
      lastIds = (at(answer.body, 'items') as Array<{ id: string }>).map((item) => item.id);
    }
    const page = await instantly(
      'GET',
      `/block-lists-entries?limit=100&starting_after=${lastIds[949] ?? ''}`,
    );
    const values = (at(page.body, 'items') as Array<{ bl_value: string }>).map(
      (item) => item.bl_value,
    );
    expect(values).toEqual(range(50, (index) => `lead${99_950 + index}@bulk.example`));
    expect(at(page.body, 'next_starting_after')).toBeUndefined();
  }, 60_000);
});

describe('rate limits on the platforms', () => {
  it('has each platform’s documented default: Smartlead 10 per 2 s, Instantly 100/s and 6,000/min, HeyReach 300/min, bison none', async () => {
    const faults = await sandbox.request('GET', '/_faults');
    const limits = (system: string) => {
      const settings = at(faults.body, system) as Record<string, unknown>;
      return [
        settings.rateLimit,
        settings.rateWindowMs,
        settings.sustainedRateLimit,
        settings.sustainedWindowMs,
      ];
    };
    expect(limits('smartlead')).toEqual([10, 2000, null, 60_000]);
    expect(limits('instantly')).toEqual([100, 1000, 6000, 60_000]);
    expect(limits('heyreach')).toEqual([300, 60_000, null, 60_000]);
    expect(limits('bison')).toEqual([null, 60_000, null, 60_000]);
  });

  it('answers Instantly’s 429 once the per-minute budget is spent, though the per-second one is not', async () => {
    await sandbox.request('POST', '/_faults', {
      body: { system: 'instantly', sustainedRateLimit: 5, sustainedWindowMs: 60_000 },
    });
    const statuses: number[] = [];
    let limited: unknown;
    for (let index = 0; index < 7; index++) {
      const answer = await instantly('GET', '/block-lists-entries');
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer.body;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(limited).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Rate limit exceeded',
    });
    // Workspace-wide: another key of the same workspace would share it; another workspace does not.
    const other = await sandbox.request('GET', '/instantly/api/v2/block-lists-entries', {
      headers: { authorization: `Bearer ${SECOND_API_KEYS.instantly}` },
    });
    expect(other.status).toBe(200);
    // Switching rateLimit off switches the per-minute window off too.
    await sandbox.request('POST', '/_faults', { body: { system: 'instantly', rateLimit: 0 } });
    expect((await instantly('GET', '/block-lists-entries')).status).toBe(200);
  });

  it('switches every limit off with rateLimits: false', async () => {
    const quiet = await startTestSandbox({ seed: false, rateLimits: false });
    try {
      const faults = (await quiet.request('GET', '/_faults')).body as Record<
        string,
        {
          rateLimit: number | null;
          sustainedRateLimit: number | null;
          searchRateLimit: number | null;
        }
      >;
      expect(
        Object.values(faults).flatMap((entry) => [
          entry.rateLimit,
          entry.sustainedRateLimit,
          entry.searchRateLimit,
        ]),
      ).toEqual(Array.from({ length: 18 }, () => null));
    } finally {
      await quiet.stop();
    }
  });
});

describe('/_stats', () => {
  it('counts the block-list calls per platform and route, so a bench can read the platform calls', async () => {
    await sandbox.request('POST', '/_stats/reset');
    await smartlead('POST', '/leads/add-domain-block-list', { domain_block_list: ['a.example'] });
    await instantly('POST', '/block-lists-entries/bulk-create', { bl_values: ['a.example'] });
    await bison('POST', '/blacklisted-emails/bulk', { emails: ['a@a.example'] });
    await bison('POST', '/blacklisted-domains/bulk', { domains: ['a.example'] });
    const created = await heyreach('POST', '/list/CreateEmptyList', { name: 'Stats' });
    await heyreach('POST', '/list/AddLeadsToListV2', {
      listId: at(created.body, 'id'),
      leads: [{ profileUrl: 'https://www.linkedin.com/in/stats' }],
    });
    const stats = await sandbox.request('GET', '/_stats');
    const routes = (system: string) => at(stats.body, 'systems', system, 'byRoute');
    expect(routes('smartlead')).toEqual({
      'POST /smartlead/api/v1/leads/add-domain-block-list': 1,
    });
    expect(routes('instantly')).toEqual({
      'POST /instantly/api/v2/block-lists-entries/bulk-create': 1,
    });
    expect(routes('bison')).toEqual({
      'POST /bison/api/blacklisted-emails/bulk': 1,
      'POST /bison/api/blacklisted-domains/bulk': 1,
    });
    expect(routes('heyreach')).toEqual({
      'POST /heyreach/api/public/list/CreateEmptyList': 1,
      'POST /heyreach/api/public/list/AddLeadsToListV2': 1,
    });
  });
});

describe('the inspection pages', () => {
  /** The rows of one section's table, as text per row (header row first). */
  function tableRows(page: string, id: string): string[] {
    const table = new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`).exec(page)?.[1] ?? '';
    return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
      (row[1] ?? '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }

  it('shows a Smartlead account’s block list with client ids and counts per client, by stable ids', async () => {
    await smartlead('POST', '/leads/add-domain-block-list', {
      domain_block_list: ['rival.example', 'ceo@rival.example'],
      client_id: 301,
    });
    const page = String(
      (await sandbox.request('GET', `/inspect/smartlead?tenant=${SMARTLEAD_DEMO_API_KEY}`)).body,
    );
    expect(page).toContain('<section id="blockList" data-count="3">');
    expect(tableRows(page, 'blockListCounts-table')).toEqual([
      'blockList emails domains total',
      'account-wide 0 1 1',
      'client 301 Northwind Agency 1 1 2',
    ]);
    expect(
      tableRows(page, 'blockList-table')
        .slice(1)
        // Without the entry's id (first) and creation time (last).
        .map((row) => row.split(' ').slice(1, -1).join(' ')),
    ).toEqual([
      'competitor.example domain',
      'rival.example domain 301',
      'ceo@rival.example email 301',
    ]);
  });

  it('shows Instantly entries, bison e-mails and domains, and HeyReach lists with their leads', async () => {
    await instantly('POST', '/block-lists-entries/bulk-create', {
      bl_values: ['x.example', 'a@x.example'],
    });
    await bison('POST', '/blacklisted-emails/bulk', { emails: ['a@b.example', 'c@b.example'] });
    await bison('POST', '/blacklisted-domains/bulk', { domains: ['b.example'] });
    const lists = await heyreach('POST', '/list/GetAll', { offset: 0, limit: 100 });
    const listId = at(lists.body, 'items', 0, 'id');
    await heyreach('POST', '/list/AddLeadsToListV2', {
      listId,
      leads: [{ profileUrl: 'https://www.linkedin.com/in/zed-ray' }],
    });
    const view = async (system: string) =>
      String((await sandbox.request('GET', `/inspect/${system}`)).body);

    const instantlyPage = await view('instantly');
    expect(tableRows(instantlyPage, 'blockListCounts-table')[1]).toBe('block-list entries 1 1 2');
    expect(instantlyPage).toContain('<section id="blockList" data-count="2">');

    const bisonPage = await view('bison');
    expect(tableRows(bisonPage, 'blockListCounts-table')[1]).toBe('blacklist 2 1 3');
    expect(tableRows(bisonPage, 'blacklistedEmails-table')).toHaveLength(3);
    expect(tableRows(bisonPage, 'blacklistedDomains-table')[1]).toContain('b.example');

    const heyreachPage = await view('heyreach');
    expect(tableRows(heyreachPage, 'blockListCounts-table')[1]).toBe(
      `Do not contact (LinkedIn) ${String(listId)} USER_LIST 1`,
    );
    expect(tableRows(heyreachPage, 'listMembers-table')[1]).toContain(
      'https://www.linkedin.com/in/zed-ray',
    );
  });

  it('shows "None yet." under the table id when a block list is empty', async () => {
    const page = String((await sandbox.request('GET', '/inspect/instantly')).body);
    expect(page).toContain('<p class="muted" id="blockList-table">None yet.</p>');
  });
});
