import {
  AssociationSpecAssociationCategoryEnum,
  FilterOperatorEnum,
} from '@hubspot/api-client/lib/codegen/crm/contacts';
import {
  PropertyCreateFieldTypeEnum,
  PropertyCreateTypeEnum,
} from '@hubspot/api-client/lib/codegen/crm/properties';
import { apiError, useHubspotConformance } from '../hubspot-harness.ts';

// CRM objects v3 through the official client. What the real API answers comes from
// HubSpot's OpenAPI files (test/openapi/hubspot-contacts-v3.json, -companies-v3.json) and the
// CRM object guides at developers.hubspot.com/docs/api/crm/contacts.
const hub = useHubspotConformance();

async function createContact(email: string, extra: Record<string, string> = {}) {
  return hub.client.crm.contacts.basicApi.create({
    properties: { email, ...extra },
    associations: [],
  });
}

describe('HubSpot contacts and companies through @hubspot/api-client', () => {
  it('creates a contact (201) and reads back several properties named as repeated query parameters', async () => {
    const created = await createContact('ada@conformance.example', {
      firstname: 'Ada',
      lastname: 'Lovelace',
      jobtitle: 'Analyst',
    });
    // The client sends `?properties=email&properties=firstname&properties=jobtitle`; HubSpot
    // returns every property named ("properties: A comma separated list of the properties to
    // be returned", one value per repeated parameter in the generated clients).
    const read = await hub.client.crm.contacts.basicApi.getById(created.id, [
      'email',
      'firstname',
      'jobtitle',
    ]);
    expect(read.properties).toMatchObject({
      email: 'ada@conformance.example',
      firstname: 'Ada',
      jobtitle: 'Analyst',
    });
    expect(read.properties.lastname).toBeUndefined();
  });

  it('reads several association types named as repeated query parameters, with singular type names', async () => {
    const company = await hub.client.crm.companies.basicApi.create({
      properties: { name: 'Conformance Ltd', domain: 'conformance-ltd.example' },
      associations: [],
    });
    const contact = await createContact('grace@conformance-ltd.example');
    await hub.client.crm.associations.v4.basicApi.createDefault(
      'contacts',
      contact.id,
      'companies',
      company.id,
    );
    const task = await hub.client.crm.objects.tasks.basicApi.create({
      properties: { hs_timestamp: '2026-01-05T10:00:00.000Z', hs_task_subject: 'Call Grace' },
      associations: [
        {
          to: { id: contact.id },
          types: [
            {
              associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
              associationTypeId: 204,
            },
          ],
        },
      ],
    });

    const read = await hub.client.crm.contacts.basicApi.getById(contact.id, ['email'], undefined, [
      'companies',
      'tasks',
    ]);
    // HubSpot names inline association types `<from>_to_<to>` with singular object names
    // ("example": "deal_to_contact" in AssociatedId); the default contact→company type is
    // `contact_to_company_unlabeled`.
    expect(read.associations?.companies?.results).toEqual([
      { id: company.id, type: 'contact_to_company_unlabeled' },
    ]);
    expect(read.associations?.tasks?.results).toEqual([{ id: task.id, type: 'contact_to_task' }]);
  });

  it('lists contacts with several properties (repeated query parameters) and paging', async () => {
    const page = await hub.client.crm.contacts.basicApi.getPage(2, undefined, [
      'email',
      'hubspot_owner_id',
    ]);
    expect(page.results).toHaveLength(2);
    for (const contact of page.results) {
      expect(Object.keys(contact.properties)).toEqual(
        expect.arrayContaining(['email', 'hubspot_owner_id']),
      );
    }
    expect(page.paging?.next?.after).toBeDefined();
  });

  it('updates a contact by id and by the unique email idProperty', async () => {
    const created = await createContact('linus@conformance.example');
    const byId = await hub.client.crm.contacts.basicApi.update(created.id, {
      properties: { firstname: 'Linus' },
    });
    expect(byId.properties.firstname).toBe('Linus');
    const byEmail = await hub.client.crm.contacts.basicApi.update(
      'linus@conformance.example',
      { properties: { lastname: 'Torvalds' } },
      'email',
    );
    expect(byEmail.id).toBe(created.id);
    expect(byEmail.properties.lastname).toBe('Torvalds');
  });

  it('searches contacts with filter groups, a sort and the properties asked for', async () => {
    await createContact('zed@search.example', { firstname: 'Zed', lastname: 'Search' });
    await createContact('amy@search.example', { firstname: 'Amy', lastname: 'Search' });
    await createContact('bob@elsewhere.example', { firstname: 'Bob', lastname: 'Search' });
    const found = await hub.client.crm.contacts.searchApi.doSearch({
      filterGroups: [
        {
          filters: [
            { propertyName: 'lastname', operator: FilterOperatorEnum.Eq, value: 'Search' },
            {
              propertyName: 'email',
              operator: FilterOperatorEnum.ContainsToken,
              value: '*@search.example',
            },
          ],
        },
      ],
      // The OpenAPI types `sorts` as strings: a property name sorts ascending.
      sorts: ['firstname'],
      properties: ['email', 'firstname'],
      limit: 10,
      after: '0',
    });
    expect(found.total).toBe(2);
    expect(found.results.map((contact) => contact.properties.firstname)).toEqual(['Amy', 'Zed']);
    expect(Object.keys(found.results[0]?.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'firstname']),
    );
  });

  it('searches companies by domain', async () => {
    const found = await hub.client.crm.companies.searchApi.doSearch({
      filterGroups: [
        {
          filters: [
            {
              propertyName: 'domain',
              operator: FilterOperatorEnum.Eq,
              value: 'acme-robotics.example',
            },
          ],
        },
      ],
      // `after`, `sorts`, `limit` and `properties` are required by the OpenAPI request schema.
      sorts: [],
      properties: ['name', 'domain'],
      limit: 5,
      after: '0',
    });
    expect(found.total).toBe(1);
    expect(found.results[0]?.properties).toMatchObject({
      name: 'Acme Robotics',
      domain: 'acme-robotics.example',
    });
  });

  it('batch creates (201), upserts by email, updates and reads contacts', async () => {
    const created = await hub.client.crm.contacts.batchApi.create({
      inputs: [
        { properties: { email: 'b1@batch.example', firstname: 'One' }, associations: [] },
        { properties: { email: 'b2@batch.example', firstname: 'Two' }, associations: [] },
      ],
    });
    expect(created.status).toBe('COMPLETE');
    expect(created.results).toHaveLength(2);

    const upserted = await hub.client.crm.contacts.batchApi.upsert({
      inputs: [
        { idProperty: 'email', id: 'b1@batch.example', properties: { lastname: 'Upserted' } },
        { idProperty: 'email', id: 'b3@batch.example', properties: { firstname: 'Three' } },
      ],
    });
    const byEmail = new Map(
      upserted.results.map((result) => [result.properties.email, result._new]),
    );
    expect(byEmail.get('b1@batch.example')).toBe(false);
    expect(byEmail.get('b3@batch.example')).toBe(true);

    const ids = created.results.map((result) => result.id);
    const updated = await hub.client.crm.contacts.batchApi.update({
      inputs: ids.map((id) => ({ id, properties: { jobtitle: 'Batch' } })),
    });
    expect(updated.results.map((result) => result.properties.jobtitle)).toEqual(['Batch', 'Batch']);

    const read = await hub.client.crm.contacts.batchApi.read({
      idProperty: 'email',
      inputs: [{ id: 'b1@batch.example' }, { id: 'b3@batch.example' }],
      properties: ['email', 'firstname', 'lastname'],
      propertiesWithHistory: [],
    });
    expect(
      read.results.map((result) => [result.properties.email, result.properties.lastname ?? null]),
    ).toEqual(
      expect.arrayContaining([
        ['b1@batch.example', 'Upserted'],
        ['b3@batch.example', null],
      ]),
    );
  });

  it('batch reads with a missing id: 207 with the per-batch error the client returns', async () => {
    const contact = await createContact('present@batch.example');
    const read = await hub.client.crm.contacts.batchApi.read({
      inputs: [{ id: contact.id }, { id: '999999999' }],
      properties: ['email'],
      propertiesWithHistory: [],
    });
    expect(read.results.map((result) => result.id)).toEqual([contact.id]);
    expect('errors' in read ? read.errors?.[0]?.context : undefined).toEqual({
      ids: ['999999999'],
    });
  });

  it('creates and updates companies', async () => {
    const company = await hub.client.crm.companies.basicApi.create({
      properties: { name: 'Hooli', domain: 'hooli.example' },
      associations: [],
    });
    const updated = await hub.client.crm.companies.basicApi.update(company.id, {
      properties: { industry: 'Software' },
    });
    expect(updated.properties).toMatchObject({ name: 'Hooli', industry: 'Software' });
    const read = await hub.client.crm.companies.basicApi.getById(company.id, [
      'name',
      'domain',
      'industry',
    ]);
    expect(read.properties).toMatchObject({
      name: 'Hooli',
      domain: 'hooli.example',
      industry: 'Software',
    });
  });

  it('batch upserts companies by a custom unique property (hasUniqueValue)', async () => {
    // HubSpot: "upsert ... using a custom unique identifier property" (idProperty).
    await hub.client.crm.properties.coreApi.create('companies', {
      name: 'outsync_external_id',
      label: 'OutSync external id',
      type: PropertyCreateTypeEnum.String,
      fieldType: PropertyCreateFieldTypeEnum.Text,
      groupName: 'companyinformation',
      hasUniqueValue: true,
    });
    const first = await hub.client.crm.companies.batchApi.upsert({
      inputs: [
        { idProperty: 'outsync_external_id', id: 'ext-1', properties: { name: 'Upsert Co' } },
      ],
    });
    expect(first.results[0]?._new).toBe(true);
    const second = await hub.client.crm.companies.batchApi.upsert({
      inputs: [
        { idProperty: 'outsync_external_id', id: 'ext-1', properties: { industry: 'Retail' } },
      ],
    });
    expect(second.results[0]).toMatchObject({ id: first.results[0]?.id, _new: false });
    const read = await hub.client.crm.companies.basicApi.getById(
      'ext-1',
      ['name', 'industry'],
      undefined,
      undefined,
      false,
      'outsync_external_id',
    );
    expect(read.properties).toMatchObject({ name: 'Upsert Co', industry: 'Retail' });
  });

  it('answers 404 with the Error body for a contact that does not exist', async () => {
    const error = await apiError(hub.client.crm.contacts.basicApi.getById('424242424'));
    expect(error.code).toBe(404);
    expect(error.body).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
  });

  it('answers 400 VALIDATION_ERROR for a property the portal does not define', async () => {
    const error = await apiError(createContact('bad@conformance.example', { no_such_prop: 'x' }));
    expect(error.code).toBe(400);
    expect(error.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    expect((error.body as { message: string }).message).toContain(
      'Property \\"no_such_prop\\" does not exist',
    );
  });

  it('answers 409 CONFLICT for a second contact with the same e-mail', async () => {
    const first = await createContact('twice@conformance.example');
    const error = await apiError(createContact('twice@conformance.example'));
    expect(error.code).toBe(409);
    expect(error.body).toMatchObject({
      category: 'CONFLICT',
      message: `Contact already exists. Existing ID: ${first.id}`,
    });
  });
});
