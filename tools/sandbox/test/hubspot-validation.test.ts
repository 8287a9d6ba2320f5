// What the real HubSpot API validates on the calls a CRM sync's writer makes (external-apis.md
// §1, the OpenAPI files in test/openapi/): owner ids, engagement enumerations and hs_timestamp,
// property types, search filters and sorts, batch default associations with missing ids, trace
// ids on batch writes, and the per-token search limit.
import { HUBSPOT_DEMO_PRIVATE_APP_TOKEN, HUBSPOT_SECOND_PRIVATE_APP_TOKEN } from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}` };
/** The demo portal's first owner (seeded owners are 70000001–70000003). */
const OWNER = '70000001';
const NOW = '2026-02-01T09:30:00.000Z';
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.request('POST', '/_seed'));

const hs = (method: string, path: string, body?: unknown, headers = auth) =>
  sandbox.request(method, `/hubspot${path}`, { body, headers });

/** The problems inside HubSpot's "Property values were not valid: [...]" message. */
function problems(body: unknown): Array<{ name: string; error: string; message: string }> {
  const message = String(at(body, 'message'));
  expect(message.startsWith('Property values were not valid: ')).toBe(true);
  return JSON.parse(message.slice('Property values were not valid: '.length)) as Array<{
    name: string;
    error: string;
    message: string;
  }>;
}

async function contactId(email: string): Promise<string> {
  const created = await hs('POST', '/crm/v3/objects/contacts', {
    properties: { email },
    associations: [],
  });
  return String(at(created.body, 'id'));
}

describe('owner ids', () => {
  it.each(['contacts', 'companies', 'emails', 'tasks'])(
    'refuses an owner id the portal does not have on %s and takes an existing one',
    async (type) => {
      const base = type === 'emails' || type === 'tasks' ? { hs_timestamp: NOW } : {};
      const refused = await hs('POST', `/crm/v3/objects/${type}`, {
        properties: { ...base, hubspot_owner_id: '12345' },
        associations: [],
      });
      expect(refused.status).toBe(400);
      expect(at(refused.body, 'category')).toBe('VALIDATION_ERROR');
      expect(problems(refused.body)).toEqual([
        {
          isValid: false,
          name: 'hubspot_owner_id',
          error: 'INVALID_OWNER_ID',
          message: '12345 was not a valid owner id',
        },
      ]);
      const taken = await hs('POST', `/crm/v3/objects/${type}`, {
        properties: { ...base, hubspot_owner_id: OWNER },
        associations: [],
      });
      expect(taken.status).toBe(201);
      expect(at(taken.body, 'properties', 'hubspot_owner_id')).toBe(OWNER);
    },
  );

  it('checks owners on batch upsert and update too, writing nothing when one input is wrong', async () => {
    const upsert = await hs('POST', '/crm/v3/objects/contacts/batch/upsert', {
      inputs: [
        { idProperty: 'email', id: 'fine@owner.example', properties: { hubspot_owner_id: OWNER } },
        { idProperty: 'email', id: 'bad@owner.example', properties: { hubspot_owner_id: '1' } },
      ],
    });
    expect(upsert.status).toBe(400);
    const search = await hs('POST', '/crm/v3/objects/contacts/search', {
      filterGroups: [
        { filters: [{ propertyName: 'email', operator: 'EQ', value: 'fine@owner.example' }] },
      ],
    });
    expect(at(search.body, 'total')).toBe(0);
  });
});

describe('engagements', () => {
  it.each(['emails', 'tasks'])('requires hs_timestamp to create %s', async (type) => {
    const refused = await hs('POST', `/crm/v3/objects/${type}`, {
      properties: {},
      associations: [],
    });
    expect(refused.status).toBe(400);
    expect(problems(refused.body)).toEqual([
      expect.objectContaining({ name: 'hs_timestamp', error: 'REQUIRED_PROPERTY' }),
    ]);
    const batch = await hs('POST', `/crm/v3/objects/${type}/batch/create`, {
      inputs: [{ properties: { hs_timestamp: NOW } }, { properties: {} }],
    });
    expect(batch.status).toBe(400);
    expect(problems(batch.body)[0]?.name).toBe('hs_timestamp');
  });

  it('does not require hs_timestamp to update an engagement', async () => {
    const created = await hs('POST', '/crm/v3/objects/tasks', {
      properties: { hs_timestamp: NOW, hs_task_subject: 'Call' },
      associations: [],
    });
    const updated = await hs('PATCH', `/crm/v3/objects/tasks/${String(at(created.body, 'id'))}`, {
      properties: { hs_task_status: 'COMPLETED' },
    });
    expect(updated.status).toBe(200);
  });

  it.each([
    ['emails', 'hs_email_direction', 'OUTBOUND', 'EMAIL'],
    ['emails', 'hs_email_status', 'DELIVERED', 'SENT'],
    ['tasks', 'hs_task_status', 'DONE', 'COMPLETED'],
    ['tasks', 'hs_task_priority', 'URGENT', 'HIGH'],
    ['tasks', 'hs_task_type', 'MEETING', 'TODO'],
  ])('%s.%s refuses %s (INVALID_OPTION) and takes %s', async (type, name, bad, good) => {
    const refused = await hs('POST', `/crm/v3/objects/${type}`, {
      properties: { hs_timestamp: NOW, [name]: bad },
      associations: [],
    });
    expect(refused.status).toBe(400);
    expect(problems(refused.body)).toEqual([
      expect.objectContaining({ name, error: 'INVALID_OPTION' }),
    ]);
    const taken = await hs('POST', `/crm/v3/objects/${type}`, {
      properties: { hs_timestamp: NOW, [name]: good },
      associations: [],
    });
    expect(taken.status).toBe(201);
  });

  it('batch creates e-mails and tasks with inline associations (198, 186, 204, 192)', async () => {
    const contact = await contactId('inline@assoc.example');
    const company = await hs('POST', '/crm/v3/objects/companies', {
      properties: { name: 'Inline Co', domain: 'assoc.example' },
      associations: [],
    });
    const companyId = String(at(company.body, 'id'));
    const to = (id: string, typeId: number) => ({
      to: { id },
      types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId }],
    });
    const emails = await hs('POST', '/crm/v3/objects/emails/batch/create', {
      inputs: [
        { properties: { hs_timestamp: NOW }, associations: [to(contact, 198), to(companyId, 186)] },
      ],
    });
    const tasks = await hs('POST', '/crm/v3/objects/tasks/batch/create', {
      inputs: [
        { properties: { hs_timestamp: NOW }, associations: [to(contact, 204), to(companyId, 192)] },
      ],
    });
    expect([emails.status, tasks.status]).toEqual([201, 201]);
    const fromContact = await hs(
      'GET',
      `/crm/v3/objects/contacts/${contact}?associations=emails&associations=tasks`,
    );
    expect(at(fromContact.body, 'associations', 'emails', 'results', 0, 'id')).toBe(
      at(emails.body, 'results', 0, 'id'),
    );
    expect(at(fromContact.body, 'associations', 'tasks', 'results', 0, 'id')).toBe(
      at(tasks.body, 'results', 0, 'id'),
    );
    const fromCompany = await hs(
      'GET',
      `/crm/v3/objects/companies/${companyId}?associations=emails&associations=tasks`,
    );
    expect(at(fromCompany.body, 'associations', 'emails', 'results')).toHaveLength(1);
    expect(at(fromCompany.body, 'associations', 'tasks', 'results')).toHaveLength(1);
  });
});

describe('property types', () => {
  beforeEach(async () => {
    await hs('POST', '/crm/v3/properties/contacts/batch/create', {
      inputs: [
        ['os_open_count', 'number', 'number'],
        ['os_last_event_at', 'datetime', 'date'],
        ['os_is_customer', 'bool', 'booleancheckbox'],
      ].map(([name, type, fieldType]) => ({
        name,
        label: name,
        type,
        fieldType,
        groupName: 'contactinformation',
        ...(type === 'bool'
          ? {
              options: [
                { label: 'Yes', value: 'true', hidden: false, displayOrder: 0 },
                { label: 'No', value: 'false', hidden: false, displayOrder: 1 },
              ],
            }
          : {}),
      })),
    });
  });

  it.each([
    ['os_open_count', 'abc', 'INVALID_INTEGER'],
    ['os_last_event_at', 'yesterday', 'INVALID_DATE'],
    ['os_last_event_at', '2026-13-45', 'INVALID_DATE'],
    ['os_is_customer', 'maybe', 'INVALID_BOOLEAN'],
  ])('%s refuses %j with %s', async (name, value, error) => {
    const refused = await hs('POST', '/crm/v3/objects/contacts', {
      properties: { email: 'typed@example.com', [name]: value },
      associations: [],
    });
    expect(refused.status).toBe(400);
    expect(at(refused.body, 'category')).toBe('VALIDATION_ERROR');
    expect(problems(refused.body)).toEqual([expect.objectContaining({ name, error })]);
  });

  it.each([
    ['os_open_count', '12'],
    ['os_open_count', '1.5'],
    ['os_last_event_at', '1769938200000'],
    ['os_last_event_at', '2026-02-01T09:30:00Z'],
    ['os_last_event_at', '2026-02-01T09:30:00.123+01:00'],
    ['os_last_event_at', '2026-02-01'],
    ['os_is_customer', 'true'],
    ['os_is_customer', 'false'],
    ['os_open_count', ''],
  ])('%s takes %j', async (name, value) => {
    const taken = await hs('POST', '/crm/v3/objects/contacts', {
      properties: { email: 'typed@example.com', [name]: value },
      associations: [],
    });
    expect(taken.status).toBe(201);
  });

  it('validates hs_timestamp as a date on engagements', async () => {
    const refused = await hs('POST', '/crm/v3/objects/emails', {
      properties: { hs_timestamp: 'not a date' },
      associations: [],
    });
    expect(problems(refused.body)).toEqual([
      expect.objectContaining({ name: 'hs_timestamp', error: 'INVALID_DATE' }),
    ]);
  });
});

describe('search validation', () => {
  const search = (body: unknown) => hs('POST', '/crm/v3/objects/contacts/search', body);
  beforeEach(() =>
    sandbox.request('POST', '/_faults', { body: { system: 'hubspot', searchRateLimit: 0 } }),
  );

  it.each([
    [
      'an unknown property in a filter',
      { filterGroups: [{ filters: [{ propertyName: 'e_mail', operator: 'EQ', value: 'x' }] }] },
      'e_mail',
    ],
    [
      'an unknown operator',
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'LIKE', value: 'x' }] }] },
      'LIKE',
    ],
    [
      'EQ without a value',
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ' }] }] },
      'requires a value',
    ],
    [
      'IN without values',
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'IN' }] }] },
      'requires values',
    ],
    [
      'an unknown property in a sort',
      { sorts: [{ propertyName: 'lastnme', direction: 'ASCENDING' }] },
      'lastnme',
    ],
  ])('answers 400 VALIDATION_ERROR for %s', async (_case, body, mention) => {
    const answer = await search(body);
    expect(answer.status).toBe(400);
    expect(at(answer.body, 'category')).toBe('VALIDATION_ERROR');
    expect(String(at(answer.body, 'message'))).toContain(mention);
  });

  it('still answers a valid search, HAS_PROPERTY without a value included', async () => {
    const answer = await search({
      filterGroups: [{ filters: [{ propertyName: 'email', operator: 'HAS_PROPERTY' }] }],
      sorts: [{ propertyName: 'email', direction: 'ASCENDING' }],
    });
    expect(answer.status).toBe(200);
    // The 12 demo people and the 296 generated "Do not contact" contacts all have an e-mail.
    expect(at(answer.body, 'total')).toBe(308);
  });
});

describe('search rate limit', () => {
  const search = (headers = auth) =>
    hs('POST', '/crm/v3/objects/contacts/search', { limit: 1 }, headers);

  it('answers the fifth search in a second with 429 SECONDLY, per token', async () => {
    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await search());
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429]);
    expect(answers[4]?.body).toEqual({
      status: 'error',
      message: 'You have reached your secondly limit.',
      errorType: 'RATE_LIMIT',
      correlationId: expect.any(String),
      policyName: 'SECONDLY',
      groupName: expect.any(String),
    });
    // Other calls of the same token, and searches of another token, are not held back.
    expect((await hs('GET', '/crm/v3/objects/contacts?limit=1')).status).toBe(200);
    const other = { authorization: `Bearer ${HUBSPOT_SECOND_PRIVATE_APP_TOKEN}` };
    expect((await search(other)).status).toBe(200);
    const stats = await sandbox.request('GET', '/_stats');
    expect(at(stats.body, 'systems', 'hubspot', 'rateLimited')).toBe(1);
  });

  it('is switched off with /_faults (searchRateLimit: 0, or rateLimit: 0)', async () => {
    for (const change of [{ searchRateLimit: 0 }, { rateLimit: 0 }]) {
      await sandbox.request('POST', '/_seed');
      await sandbox.request('POST', '/_faults', { body: { system: 'hubspot', ...change } });
      const statuses = [];
      for (let index = 0; index < 6; index++) statuses.push((await search()).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    }
    const faults = await sandbox.request('GET', '/_faults');
    expect(at(faults.body, 'hubspot', 'searchRateLimit')).toBeNull();
  });

  it('frees the window after a second', async () => {
    for (let index = 0; index < 4; index++) await search();
    expect((await search()).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await search()).status).toBe(200);
  });
});

describe('batch default associations', () => {
  it('associates the pairs that exist and answers 207 with an error per missing pair', async () => {
    const first = await contactId('one@pairs.example');
    const second = await contactId('two@pairs.example');
    const company = await hs('POST', '/crm/v3/objects/companies', {
      properties: { name: 'Pairs', domain: 'pairs.example' },
      associations: [],
    });
    const companyId = String(at(company.body, 'id'));
    const answer = await hs(
      'POST',
      '/crm/v4/associations/contacts/companies/batch/associate/default',
      {
        inputs: [
          { from: { id: first }, to: { id: companyId } },
          { from: { id: '999999' }, to: { id: companyId } },
          { from: { id: second }, to: { id: '888888' } },
        ],
      },
    );
    expect(answer.status).toBe(207);
    expect(at(answer.body, 'results')).toEqual([
      {
        from: { id: first },
        to: { id: companyId },
        associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 },
      },
    ]);
    expect(at(answer.body, 'numErrors')).toBe(2);
    expect(at(answer.body, 'errors')).toEqual([
      expect.objectContaining({
        status: 'error',
        category: 'VALIDATION_ERROR',
        context: { fromObjectId: ['999999'] },
      }),
      expect.objectContaining({
        status: 'error',
        category: 'VALIDATION_ERROR',
        context: { toObjectId: ['888888'] },
      }),
    ]);
    const associated = await hs('GET', `/crm/v4/objects/contacts/${second}/associations/companies`);
    expect(at(associated.body, 'results')).toEqual([]);
  });

  it('answers 200 without errors when every pair exists', async () => {
    const contact = await contactId('ok@pairs.example');
    const email = await hs('POST', '/crm/v3/objects/emails', {
      properties: { hs_timestamp: NOW },
      associations: [],
    });
    const answer = await hs(
      'POST',
      '/crm/v4/associations/emails/contacts/batch/associate/default',
      {
        inputs: [{ from: { id: String(at(email.body, 'id')) }, to: { id: contact } }],
      },
    );
    expect(answer.status).toBe(200);
    expect(at(answer.body, 'errors')).toBeUndefined();
    expect(at(answer.body, 'results', 0, 'associationSpec', 'associationTypeId')).toBe(198);
  });
});

describe('objectWriteTraceId', () => {
  it('is echoed on each batch create, update and upsert result', async () => {
    const created = await hs('POST', '/crm/v3/objects/contacts/batch/create', {
      inputs: [
        { properties: { email: 'a@trace.example' }, objectWriteTraceId: 'trace-a' },
        { properties: { email: 'b@trace.example' } },
      ],
    });
    expect(created.status).toBe(201);
    const results = at(created.body, 'results') as Array<{
      id: string;
      objectWriteTraceId?: string;
    }>;
    expect(results.map((result) => result.objectWriteTraceId)).toEqual(['trace-a', undefined]);
    const updated = await hs('POST', '/crm/v3/objects/contacts/batch/update', {
      inputs: [
        { id: results[0]?.id, properties: { firstname: 'A' }, objectWriteTraceId: 'trace-u' },
      ],
    });
    expect(at(updated.body, 'results', 0, 'objectWriteTraceId')).toBe('trace-u');
    const upserted = await hs('POST', '/crm/v3/objects/contacts/batch/upsert', {
      inputs: [
        {
          idProperty: 'email',
          id: 'c@trace.example',
          properties: { firstname: 'C' },
          objectWriteTraceId: 'trace-c',
        },
      ],
    });
    expect(at(upserted.body, 'results', 0)).toMatchObject({
      new: true,
      objectWriteTraceId: 'trace-c',
    });
  });

  it('names the input in the context of an error that concerns it', async () => {
    const refused = await hs('POST', '/crm/v3/objects/emails/batch/create', {
      inputs: [
        { properties: { hs_timestamp: NOW }, objectWriteTraceId: 'fine' },
        { properties: { hs_timestamp: NOW, hs_email_status: 'LOST' }, objectWriteTraceId: 'bad' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(at(refused.body, 'context')).toEqual({ objectWriteTraceId: ['bad'] });
    const missing = await hs('POST', '/crm/v3/objects/contacts/batch/update', {
      inputs: [
        { id: '424242', properties: { firstname: 'X' }, objectWriteTraceId: 'gone' },
        { id: '434343', properties: { firstname: 'Y' } },
      ],
    });
    expect(missing.status).toBe(207);
    expect(at(missing.body, 'errors')).toEqual([
      expect.objectContaining({ category: 'OBJECT_NOT_FOUND', context: { ids: ['434343'] } }),
      expect.objectContaining({
        category: 'OBJECT_NOT_FOUND',
        context: { ids: ['424242'], objectWriteTraceId: ['gone'] },
      }),
    ]);
  });
});

describe('inspection page', () => {
  it('shows contacts, companies, e-mails and tasks with their associations', async () => {
    const contact = await contactId('shown@inspect.example');
    await hs('POST', '/crm/v3/objects/emails', {
      properties: { hs_timestamp: NOW, hs_email_subject: 'Shown subject' },
      associations: [
        {
          to: { id: contact },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }],
        },
      ],
    });
    await hs('POST', '/crm/v3/objects/tasks', {
      properties: { hs_timestamp: NOW, hs_task_subject: 'Shown task' },
      associations: [],
    });
    const page = String((await sandbox.request('GET', '/inspect/hubspot')).body);
    for (const text of ['Contacts', 'Companies', 'E-mail activities', 'Tasks'])
      expect(page).toContain(text);
    expect(page).toContain('shown@inspect.example');
    expect(page).toContain('Shown subject');
    expect(page).toContain('Shown task');
    expect(page).toContain(`contacts:${contact}[198]`);
  });
});
