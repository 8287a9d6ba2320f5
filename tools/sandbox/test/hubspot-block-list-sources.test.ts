// HubSpot lists as block-list sources (issue 14; external-apis.md §1.5 and the lists OpenAPI
// file): DYNAMIC lists whose members follow a filterBranch, memberships that only MANUAL and
// SNAPSHOT lists take by hand, paging 100,000 members by record id, company domains with
// hs_additional_domains, the seed route and the demo lists.
import { HUBSPOT_DEMO_HUB_ID, HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}` };
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const hs = (method: string, path: string, body?: unknown) =>
  sandbox.request(method, `/hubspot${path}`, { body, headers: auth });

async function newContact(properties: Record<string, string>): Promise<string> {
  const created = await hs('POST', '/crm/v3/objects/contacts', { properties, associations: [] });
  expect(created.status).toBe(201);
  return String(at(created.body, 'id'));
}

const nonAscii = (text: string) =>
  [...text].some((character) => (character.codePointAt(0) ?? 0) > 127);

/** A root OR branch with one AND branch holding the filters, as HubSpot's lists take them. */
function orOfAnd(...filters: unknown[]) {
  return {
    filterBranchType: 'OR',
    filterBranches: [{ filterBranchType: 'AND', filterBranches: [], filters }],
    filters: [],
  };
}

function propertyFilter(property: string, operation: Record<string, unknown>) {
  return { filterType: 'PROPERTY', property, operation };
}

async function createList(body: Record<string, unknown>) {
  return hs('POST', '/crm/v3/lists', { objectTypeId: '0-1', ...body });
}

/** Every member id of a list, page by page (sorted by record id, as HubSpot pages them). */
async function allMembers(listId: string, limit = 250): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await hs(
      'GET',
      `/crm/v3/lists/${listId}/memberships?limit=${limit}${after ? `&after=${after}` : ''}`,
    );
    expect(page.status).toBe(200);
    ids.push(...(at(page.body, 'results') as Array<{ recordId: string }>).map((r) => r.recordId));
    after = at(page.body, 'paging', 'next', 'after') as string | undefined;
  } while (after);
  return ids;
}

describe('DYNAMIC lists', () => {
  it('computes members from the filter when read: a contact whose property changes joins and leaves', async () => {
    const inside = await newContact({ email: 'dyn.one@filtered.example', lifecyclestage: 'lead' });
    const outside = await newContact({
      email: 'dyn.two@elsewhere.example',
      lifecyclestage: 'lead',
    });
    const created = await createList({
      name: 'Filtered leads',
      processingType: 'DYNAMIC',
      filterBranch: orOfAnd(
        propertyFilter('email', {
          operationType: 'STRING',
          operator: 'CONTAINS',
          value: '@FILTERED.',
        }),
        propertyFilter('lifecyclestage', {
          operationType: 'ENUMERATION',
          operator: 'IS_ANY_OF',
          values: ['lead', 'customer'],
        }),
      ),
    });
    expect(created.status).toBe(200);
    const listId = String(at(created.body, 'list', 'listId'));
    expect(at(created.body, 'list', 'size')).toBe(1);
    expect(await allMembers(listId)).toEqual([inside]);

    await hs('PATCH', `/crm/v3/objects/contacts/${outside}`, {
      properties: { email: 'dyn.two@filtered.example' },
    });
    expect(await allMembers(listId)).toEqual([inside, outside]);
    await hs('PATCH', `/crm/v3/objects/contacts/${inside}`, {
      properties: { lifecyclestage: 'subscriber' },
    });
    expect(await allMembers(listId)).toEqual([outside]);
    const read = await hs('GET', `/crm/v3/lists/${listId}`);
    expect(at(read.body, 'list', 'size')).toBe(1);
    const search = await hs('POST', '/crm/v3/lists/search', {
      query: 'Filtered leads',
      additionalProperties: ['hs_list_size'],
    });
    expect(at(search.body, 'lists', 0, 'additionalProperties', 'hs_list_size')).toBe('1');
  });

  it('takes records without a value only when includeObjectsWithNoValueSet is true', async () => {
    const withTitle = await newContact({ email: 'titled@x.example', jobtitle: 'CTO' });
    const without = await newContact({ email: 'untitled@x.example' });
    const notCto = (include: boolean) =>
      orOfAnd(
        propertyFilter('email', {
          operationType: 'STRING',
          operator: 'ENDS_WITH',
          value: '@x.example',
        }),
        propertyFilter('jobtitle', {
          operationType: 'STRING',
          operator: 'IS_NOT_EQUAL_TO',
          value: 'cfo',
          includeObjectsWithNoValueSet: include,
        }),
      );
    const strict = await createList({
      name: 'Not CFO',
      processingType: 'DYNAMIC',
      filterBranch: notCto(false),
    });
    const loose = await createList({
      name: 'Not CFO or unknown',
      processingType: 'DYNAMIC',
      filterBranch: notCto(true),
    });
    expect(await allMembers(String(at(strict.body, 'list', 'listId')))).toEqual([withTitle]);
    expect(await allMembers(String(at(loose.body, 'list', 'listId')))).toEqual([
      withTitle,
      without,
    ]);
  });

  it('evaluates IS_KNOWN/IS_UNKNOWN, MULTISTRING and NUMBER operations', async () => {
    const known = await newContact({ email: 'known@ops.example', city: 'Berlin' });
    await newContact({ email: 'unknown@ops.example' });
    const list = async (name: string, ...filters: unknown[]) => {
      const created = await createList({
        name,
        processingType: 'DYNAMIC',
        filterBranch: orOfAnd(...filters),
      });
      expect(created.status).toBe(200);
      return allMembers(String(at(created.body, 'list', 'listId')));
    };
    const opsDomain = propertyFilter('email', {
      operationType: 'MULTISTRING',
      operator: 'ENDS_WITH',
      values: ['@ops.example', '@none.example'],
    });
    expect(
      await list(
        'Known city',
        opsDomain,
        propertyFilter('city', { operationType: 'ALL_PROPERTY', operator: 'IS_KNOWN' }),
      ),
    ).toEqual([known]);
    expect(
      await list(
        'Record id above',
        opsDomain,
        propertyFilter('hs_object_id', {
          operationType: 'NUMBER',
          operator: 'IS_GREATER_THAN_OR_EQUAL_TO',
          value: Number(known),
        }),
      ),
    ).toHaveLength(2);
    expect(
      await list(
        'Unknown city',
        opsDomain,
        propertyFilter('city', { operationType: 'ALL_PROPERTY', operator: 'IS_UNKNOWN' }),
      ),
    ).not.toContain(known);
  });

  it('echoes the filter with includeFilters=true, with HubSpot’s defaults filled in', async () => {
    const created = await createList({
      name: 'Echoed',
      processingType: 'DYNAMIC',
      filterBranch: orOfAnd(
        propertyFilter('email', { operationType: 'ALL_PROPERTY', operator: 'IS_KNOWN' }),
      ),
    });
    const listId = String(at(created.body, 'list', 'listId'));
    const plain = await hs('GET', `/crm/v3/lists/${listId}`);
    expect(at(plain.body, 'list', 'filterBranch')).toBeUndefined();
    const withFilters = await hs('GET', `/crm/v3/lists/${listId}?includeFilters=true`);
    expect(at(withFilters.body, 'list', 'filterBranch')).toEqual({
      filterBranchType: 'OR',
      filterBranchOperator: 'OR',
      filters: [],
      filterBranches: [
        {
          filterBranchType: 'AND',
          filterBranchOperator: 'AND',
          filterBranches: [],
          filters: [
            {
              filterType: 'PROPERTY',
              property: 'email',
              operation: {
                operationType: 'ALL_PROPERTY',
                operator: 'IS_KNOWN',
                includeObjectsWithNoValueSet: false,
              },
            },
          ],
        },
      ],
    });
  });

  it.each([
    [
      'a root that is not OR',
      { filterBranchType: 'AND', filterBranches: [], filters: [] },
      'The root filter branch must have filterBranchType OR.',
    ],
    [
      'an OR child under the root',
      {
        filterBranchType: 'OR',
        filters: [],
        filterBranches: [{ filterBranchType: 'OR', filters: [], filterBranches: [] }],
      },
      'The root OR filter branch may only hold AND filter branches.',
    ],
    [
      'a property the object does not have',
      orOfAnd(propertyFilter('shoe_size', { operationType: 'ALL_PROPERTY', operator: 'IS_KNOWN' })),
      'Property shoe_size does not exist.',
    ],
    [
      'an operator outside the operation type',
      orOfAnd(
        propertyFilter('email', { operationType: 'STRING', operator: 'IS_ANY_OF', value: 'x' }),
      ),
      'Operator IS_ANY_OF is not valid for operationType STRING',
    ],
    [
      'a history operator',
      orOfAnd(
        propertyFilter('email', {
          operationType: 'STRING',
          operator: 'HAS_EVER_BEEN_EQUAL_TO',
          value: 'x',
        }),
      ),
      'Operator HAS_EVER_BEEN_EQUAL_TO needs property history',
    ],
    [
      'a filter type the sandbox does not evaluate',
      orOfAnd({ filterType: 'FORM_SUBMISSION', formId: 'abc', operator: 'FILLED_OUT' }),
      'filterType FORM_SUBMISSION is not evaluated by the sandbox',
    ],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_case, filterBranch, message) => {
    const refused = await createList({ name: 'Refused', processingType: 'DYNAMIC', filterBranch });
    expect(refused.status).toBe(400);
    expect(at(refused.body, 'category')).toBe('VALIDATION_ERROR');
    expect(String(at(refused.body, 'message'))).toContain(message);
    const search = await hs('POST', '/crm/v3/lists/search', { query: 'Refused' });
    expect(at(search.body, 'total')).toBe(0);
  });

  it('refuses memberships/add and /remove on a DYNAMIC list; MANUAL and SNAPSHOT lists take them', async () => {
    const id = await newContact({ email: 'manual.member@x.example' });
    const dynamic = await createList({
      name: 'Dynamic by hand',
      processingType: 'DYNAMIC',
      filterBranch: orOfAnd(
        propertyFilter('email', { operationType: 'ALL_PROPERTY', operator: 'IS_KNOWN' }),
      ),
    });
    const dynamicId = String(at(dynamic.body, 'list', 'listId'));
    for (const change of ['add', 'remove']) {
      const refused = await hs('PUT', `/crm/v3/lists/${dynamicId}/memberships/${change}`, [id]);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        status: 'error',
        category: 'VALIDATION_ERROR',
        message: `List ${dynamicId} is a DYNAMIC list: its memberships follow its filters and cannot be changed by hand. Only MANUAL and SNAPSHOT lists take memberships through the API.`,
      });
      expect(at(refused.body, 'correlationId')).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const processingType of ['MANUAL', 'SNAPSHOT']) {
      const list = await createList({ name: `By hand ${processingType}`, processingType });
      const listId = String(at(list.body, 'list', 'listId'));
      const added = await hs('PUT', `/crm/v3/lists/${listId}/memberships/add`, [id]);
      expect(added.status).toBe(200);
      expect(at(added.body, 'recordsIdsAdded')).toEqual([id]);
    }
  });

  it('gives a SNAPSHOT list the records passing its filter once; later changes do not move them', async () => {
    const id = await newContact({ email: 'snap@snapshot.example' });
    const created = await createList({
      name: 'Snapshot',
      processingType: 'SNAPSHOT',
      filterBranch: orOfAnd(
        propertyFilter('email', {
          operationType: 'STRING',
          operator: 'ENDS_WITH',
          value: '@snapshot.example',
        }),
      ),
    });
    const listId = String(at(created.body, 'list', 'listId'));
    expect(await allMembers(listId)).toEqual([id]);
    await hs('PATCH', `/crm/v3/objects/contacts/${id}`, {
      properties: { email: 'snap@moved.example' },
    });
    await newContact({ email: 'late@snapshot.example' });
    expect(await allMembers(listId)).toEqual([id]);
  });

  it('drops a deleted record from the lists it was on', async () => {
    const id = await newContact({ email: 'leaving@x.example' });
    const list = await createList({ name: 'Leavers', processingType: 'MANUAL' });
    const listId = String(at(list.body, 'list', 'listId'));
    await hs('PUT', `/crm/v3/lists/${listId}/memberships/add`, [id]);
    await hs('DELETE', `/crm/v3/objects/contacts/${id}`);
    expect(await allMembers(listId)).toEqual([]);
  });
});

describe('memberships and batch reads at scale', () => {
  it('seeds 100,000 contacts into a list, pages them all by record id and batch-reads them', async () => {
    await sandbox.request('POST', '/_faults', { body: { system: 'hubspot', rateLimit: 0 } });
    const seeded = await sandbox.request(
      'POST',
      `/_sandbox/hubspot/portals/${HUBSPOT_DEMO_HUB_ID}/lists/seed`,
      { body: { objectType: 'contacts', size: 100_000, name: 'Big suppression list' } },
    );
    expect(seeded.status).toBe(201);
    expect(seeded.body).toMatchObject({
      name: 'Big suppression list',
      objectTypeId: '0-1',
      size: 100_000,
    });
    // Per 50 records: 2 free-mail, 1 each of the other traps.
    expect(at(seeded.body, 'traps')).toEqual({
      freeMail: 4000,
      upperCase: 2000,
      whitespace: 2000,
      idnDomain: 2000,
      nonAsciiLocalPart: 2000,
      invalidEmail: 2000,
    });
    const listId = String(at(seeded.body, 'listId'));

    const ids = await allMembers(listId);
    expect(ids).toHaveLength(100_000);
    expect(new Set(ids).size).toBe(100_000);
    expect(ids.every((id, index) => index === 0 || Number(id) > Number(ids[index - 1]))).toBe(true);

    // A member added between pages does not shift the pages after it.
    const first = await hs('GET', `/crm/v3/lists/${listId}/memberships?limit=250`);
    const after = String(at(first.body, 'paging', 'next', 'after'));
    const lower = (at(first.body, 'results') as Array<{ recordId: string }>)[0]?.recordId ?? '';
    await hs('PUT', `/crm/v3/lists/${listId}/memberships/remove`, [lower]);
    const second = await hs('GET', `/crm/v3/lists/${listId}/memberships?limit=250&after=${after}`);
    expect(at(second.body, 'results', 0, 'recordId')).toBe(ids[250]);

    const read = await hs('POST', '/crm/v3/objects/contacts/batch/read', {
      properties: ['email'],
      inputs: ids.slice(-100).map((id) => ({ id })),
    });
    expect(read.status).toBe(200);
    const emails = (at(read.body, 'results') as Array<{ properties: { email?: string } }>).map(
      (record) => record.properties.email,
    );
    expect(emails).toHaveLength(100);
    expect(emails.every((email) => typeof email === 'string' && email.length > 0)).toBe(true);
  }, 60_000);

  it('seeds a company list whose companies carry domains, traps and hs_additional_domains', async () => {
    const seeded = await sandbox.request(
      'POST',
      `/_sandbox/hubspot/portals/${HUBSPOT_DEMO_HUB_ID}/lists/seed`,
      { body: { objectType: 'companies', size: 1000 } },
    );
    expect(seeded.status).toBe(201);
    expect(at(seeded.body, 'objectTypeId')).toBe('0-2');
    // Per 50 companies: one of each domain trap; every 5th has additional domains, two for
    // one in ten of those.
    expect(at(seeded.body, 'traps')).toEqual({
      freeMailDomain: 20,
      upperCase: 20,
      whitespace: 20,
      idnDomain: 20,
      invalidDomain: 20,
      withAdditionalDomains: 200,
      additionalDomains: 220,
    });
    const ids = await allMembers(String(at(seeded.body, 'listId')));
    expect(ids).toHaveLength(1000);
    const read = await hs('POST', '/crm/v3/objects/companies/batch/read', {
      properties: ['domain', 'hs_additional_domains'],
      inputs: ids.slice(0, 100).map((id) => ({ id })),
    });
    const companies = at(read.body, 'results') as Array<{
      properties: { domain?: string; hs_additional_domains?: string };
    }>;
    expect(companies.filter((company) => company.properties.hs_additional_domains)).toHaveLength(
      20,
    );
    expect(companies.every((company) => company.properties.domain)).toBe(true);
  });

  it('refuses a seed size outside 1–100,000 and an unknown portal', async () => {
    const tooBig = await sandbox.request(
      'POST',
      `/_sandbox/hubspot/portals/${HUBSPOT_DEMO_HUB_ID}/lists/seed`,
      { body: { size: 100_001 } },
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toEqual({ message: 'size must be a whole number from 1 to 100000' });
    const nowhere = await sandbox.request('POST', '/_sandbox/hubspot/portals/99/lists/seed', {
      body: { size: 1 },
    });
    expect(nowhere.body).toEqual({ message: 'No portal with hub id 99' });
  });

  it('stores hs_additional_domains on companies written through the API', async () => {
    const created = await hs('POST', '/crm/v3/objects/companies', {
      properties: {
        name: 'Rival',
        domain: 'rival.example',
        hs_additional_domains: 'rival.io;rival-labs.example',
      },
      associations: [],
    });
    expect(created.status).toBe(201);
    const read = await hs(
      'GET',
      `/crm/v3/objects/companies/${String(at(created.body, 'id'))}?properties=hs_additional_domains`,
    );
    expect(at(read.body, 'properties', 'hs_additional_domains')).toBe(
      'rival.io;rival-labs.example',
    );
  });
});

describe('the demo portal’s block-list sources', () => {
  async function listByName(name: string) {
    const search = await hs('POST', '/crm/v3/lists/search', { query: name });
    return at(search.body, 'lists', 0) as { listId: string; name: string };
  }

  it('has about 300 "Do not contact" contacts with every e-mail trap among them', async () => {
    const list = await listByName('Do not contact');
    const ids = await allMembers(list.listId);
    expect(ids).toHaveLength(300);
    const emails: string[] = [];
    for (let start = 0; start < ids.length; start += 100) {
      const read = await hs('POST', '/crm/v3/objects/contacts/batch/read', {
        properties: ['email'],
        inputs: ids.slice(start, start + 100).map((id) => ({ id })),
      });
      emails.push(
        ...(at(read.body, 'results') as Array<{ properties: { email: string } }>).map(
          (record) => record.properties.email,
        ),
      );
    }
    expect(emails).toContain('ava.carter@acme-robotics.example');
    expect(emails.filter((email) => email !== email.trim()).length).toBeGreaterThanOrEqual(3);
    expect(emails.filter((email) => /[A-Z]/.test(email)).length).toBeGreaterThanOrEqual(3);
    expect(emails.filter((email) => !email.includes('@')).length).toBeGreaterThanOrEqual(3);
    expect(
      emails.filter((email) => /@(gmail|yahoo|outlook|hotmail)\.com$/.test(email)).length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      emails.filter((email) => nonAscii(email.split('@')[1] ?? '')).length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      emails.filter((email) => email.includes('@') && nonAscii(email.split('@')[0] ?? '')).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('has about 200 "Competitor companies", some with additional domains', async () => {
    const list = await listByName('Competitor companies');
    const ids = await allMembers(list.listId);
    expect(ids).toHaveLength(200);
    const read = await hs('POST', '/crm/v3/objects/companies/batch/read', {
      properties: ['domain', 'hs_additional_domains'],
      inputs: ids.slice(0, 100).map((id) => ({ id })),
    });
    const companies = at(read.body, 'results') as Array<{
      properties: { domain: string; hs_additional_domains?: string };
    }>;
    expect(companies.map((company) => company.properties.domain)).toContain(
      'stark-analytics.example',
    );
    expect(
      companies.filter((company) => company.properties.hs_additional_domains).length,
    ).toBeGreaterThan(5);
  });

  it('keeps "Customers (dynamic)" to the contacts whose lifecycle stage is customer', async () => {
    const list = await listByName('Customers (dynamic)');
    const before = await allMembers(list.listId);
    expect(before.length).toBeGreaterThan(10);
    const id = await newContact({ email: 'new.customer@x.example', lifecyclestage: 'customer' });
    expect(await allMembers(list.listId)).toEqual([...before, id]);
  });
});
