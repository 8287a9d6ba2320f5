import { apiError, useHubspotConformance } from '../hubspot-harness.ts';

// Lists v3 and memberships through the official client, as a block-list sync reads and
// writes them. Codes and shapes from test/openapi/hubspot-lists-v3.json: list creation
// answers 200 (not 201), membership changes 200 with `recordsIdsAdded`, `recordIdsRemoved`
// and `recordIdsMissing`, deletion 204.
const hub = useHubspotConformance();

async function newList(name: string) {
  const created = await hub.client.crm.lists.listsApi.create({
    name,
    objectTypeId: '0-1',
    processingType: 'MANUAL',
  });
  return created.list;
}

describe('HubSpot lists through @hubspot/api-client', () => {
  it('finds the seeded lists by search, with hs_list_size', async () => {
    const found = await hub.client.crm.lists.listsApi.doSearch({
      query: 'Do not contact',
      offset: 0,
      additionalProperties: ['hs_list_size'],
    });
    expect(found.lists.map((list) => list.name)).toEqual(['Do not contact']);
    expect(found.lists[0]?.additionalProperties?.hs_list_size).toMatch(/^\d+$/);
  });

  it('creates a manual list (200) and reads it by id, by name and among several ids', async () => {
    const list = await newList('Conformance list');
    expect(list).toMatchObject({ name: 'Conformance list', processingType: 'MANUAL' });
    const byId = await hub.client.crm.lists.listsApi.getById(list.listId);
    expect(byId.list.name).toBe('Conformance list');
    const byName = await hub.client.crm.lists.listsApi.getByName('Conformance list', '0-1');
    expect(byName.list.listId).toBe(list.listId);
    const other = await newList('Second conformance list');
    // `listIds` is a repeated query parameter: both lists come back.
    const several = await hub.client.crm.lists.listsApi.getAll([list.listId, other.listId]);
    expect(several.lists.map((entry) => entry.listId).sort()).toEqual(
      [list.listId, other.listId].sort(),
    );
  });

  it('adds members (existing records added, unknown ids reported missing), pages and removes them', async () => {
    const list = await newList('Membership list');
    const people = await Promise.all(
      ['m1', 'm2', 'm3'].map((name) =>
        hub.client.crm.contacts.basicApi.create({
          properties: { email: `${name}@lists.example` },
          associations: [],
        }),
      ),
    );
    const ids = people.map((person) => person.id);
    const added = await hub.client.crm.lists.membershipsApi.add(list.listId, [...ids, '88888888']);
    expect([...added.recordsIdsAdded].sort()).toEqual([...ids].sort());
    expect(added.recordIdsMissing).toEqual(['88888888']);

    const first = await hub.client.crm.lists.membershipsApi.getPage(
      list.listId,
      undefined,
      undefined,
      2,
    );
    expect(first.results).toHaveLength(2);
    const after = first.paging?.next?.after;
    expect(after).toBeDefined();
    const second = await hub.client.crm.lists.membershipsApi.getPage(
      list.listId,
      after,
      undefined,
      2,
    );
    expect([...first.results, ...second.results].map((member) => member.recordId).sort()).toEqual(
      [...ids].sort(),
    );

    const removed = await hub.client.crm.lists.membershipsApi.remove(list.listId, [ids[0] ?? '']);
    expect(removed.recordIdsRemoved).toEqual([ids[0]]);
    const joined = await hub.client.crm.lists.membershipsApi.getPageOrderedByAddedToListDate(
      list.listId,
    );
    expect(joined.results.map((member) => member.recordId).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it('deletes a list (204); reading it then answers 404', async () => {
    const list = await newList('Short-lived list');
    await hub.client.crm.lists.listsApi.remove(list.listId);
    const error = await apiError(hub.client.crm.lists.listsApi.getById(list.listId));
    expect(error.code).toBe(404);
    expect(error.body).toMatchObject({ status: 'error' });
  });

  it('creates a DYNAMIC list from a filterBranch, whose members follow the filter; adding by hand is a 400', async () => {
    const person = await hub.client.crm.contacts.basicApi.create({
      properties: { email: 'dynamic@conformance.example', lifecyclestage: 'customer' },
      associations: [],
    });
    const created = await hub.client.crm.lists.listsApi.create({
      name: 'Conformance customers',
      objectTypeId: '0-1',
      processingType: 'DYNAMIC',
      filterBranch: {
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
                  operationType: 'STRING',
                  operator: 'ENDS_WITH',
                  value: '@conformance.example',
                  includeObjectsWithNoValueSet: false,
                },
              },
            ],
          },
        ],
      },
    } as Parameters<typeof hub.client.crm.lists.listsApi.create>[0]);
    expect(created.list).toMatchObject({ processingType: 'DYNAMIC', size: 1 });
    const page = await hub.client.crm.lists.membershipsApi.getPage(created.list.listId);
    expect(page.results.map((member) => member.recordId)).toEqual([person.id]);
    const error = await apiError(
      hub.client.crm.lists.membershipsApi.add(created.list.listId, [person.id]),
    );
    expect(error.code).toBe(400);
    expect(error.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });
});
