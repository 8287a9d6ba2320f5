import {
  PropertyCreateFieldTypeEnum,
  PropertyCreateTypeEnum,
} from '@hubspot/api-client/lib/codegen/crm/properties';
import { apiError, useHubspotConformance } from '../hubspot-harness.ts';

// Owners v3 and properties v3 (properties and property groups) through the official client.
// Codes and shapes from test/openapi/hubspot-crm-owners-v3.json and -properties-v3.json.
const hub = useHubspotConformance();

describe('HubSpot owners through @hubspot/api-client', () => {
  it('lists owners, finds one by e-mail and reads it by id and by userId', async () => {
    const page = await hub.client.crm.owners.ownersApi.getPage();
    expect(page.results.map((owner) => owner.email)).toEqual(
      expect.arrayContaining(['dana.admin@outsync-demo.test', 'sam.seller@outsync-demo.test']),
    );
    const byEmail = await hub.client.crm.owners.ownersApi.getPage('sam.seller@outsync-demo.test');
    expect(byEmail.results).toHaveLength(1);
    const sam = byEmail.results[0];
    if (!sam) throw new Error('no owner');
    const byId = await hub.client.crm.owners.ownersApi.getById(Number(sam.id));
    expect(byId.email).toBe('sam.seller@outsync-demo.test');
    const byUserId = await hub.client.crm.owners.ownersApi.getById(sam.userId ?? 0, 'userId');
    expect(byUserId.id).toBe(sam.id);
  });

  it('answers 404 for an owner that does not exist', async () => {
    const error = await apiError(hub.client.crm.owners.ownersApi.getById(123));
    expect(error.code).toBe(404);
  });
});

describe('HubSpot properties and property groups through @hubspot/api-client', () => {
  it('creates a property group (201) that is then stored and readable, alone and in the list', async () => {
    const created = await hub.client.crm.properties.groupsApi.create('contacts', {
      name: 'outsync',
      label: 'OutSync',
      displayOrder: 3,
    });
    expect(created).toMatchObject({ name: 'outsync', label: 'OutSync', displayOrder: 3 });
    const read = await hub.client.crm.properties.groupsApi.getByName('contacts', 'outsync');
    expect(read).toMatchObject({ name: 'outsync', label: 'OutSync', archived: false });
    const all = await hub.client.crm.properties.groupsApi.getAll('contacts');
    expect(all.results.map((group) => group.name)).toEqual(
      expect.arrayContaining(['contactinformation', 'outsync']),
    );
  });

  it('updates a property group label (200) and archives it (204)', async () => {
    await hub.client.crm.properties.groupsApi.create('companies', {
      name: 'outsync_sync',
      label: 'Sync',
    });
    const updated = await hub.client.crm.properties.groupsApi.update('companies', 'outsync_sync', {
      label: 'OutSync sync',
    });
    expect(updated.label).toBe('OutSync sync');
    await hub.client.crm.properties.groupsApi.archive('companies', 'outsync_sync');
    const error = await apiError(
      hub.client.crm.properties.groupsApi.getByName('companies', 'outsync_sync'),
    );
    expect(error.code).toBe(404);
  });

  it('answers 404 for a property group that does not exist', async () => {
    const error = await apiError(
      hub.client.crm.properties.groupsApi.getByName('contacts', 'no_such_group'),
    );
    expect(error.code).toBe(404);
    expect(error.body).toMatchObject({ status: 'error' });
  });

  it('creates a custom property (201) in a stored group and reads it alone, in batch and in the list', async () => {
    await hub.client.crm.properties.groupsApi.create('contacts', {
      name: 'outsync',
      label: 'OutSync',
    });
    const created = await hub.client.crm.properties.coreApi.create('contacts', {
      name: 'outsync_last_event',
      label: 'OutSync last event',
      type: PropertyCreateTypeEnum.String,
      fieldType: PropertyCreateFieldTypeEnum.Text,
      groupName: 'outsync',
    });
    expect(created).toMatchObject({ name: 'outsync_last_event', groupName: 'outsync' });
    const read = await hub.client.crm.properties.coreApi.getByName(
      'contacts',
      'outsync_last_event',
    );
    expect(read.label).toBe('OutSync last event');
    const batch = await hub.client.crm.properties.batchApi.read('contacts', {
      archived: false,
      inputs: [{ name: 'outsync_last_event' }, { name: 'email' }],
    });
    expect(batch.results.map((property) => property.name).sort()).toEqual([
      'email',
      'outsync_last_event',
    ]);
    const all = await hub.client.crm.properties.coreApi.getAll('contacts');
    expect(all.results.map((property) => property.name)).toContain('outsync_last_event');
    // And a record can now hold it.
    const contact = await hub.client.crm.contacts.basicApi.create({
      properties: { email: 'prop@owners.example', outsync_last_event: 'opened' },
      associations: [],
    });
    const back = await hub.client.crm.contacts.basicApi.getById(contact.id, [
      'email',
      'outsync_last_event',
    ]);
    expect(back.properties.outsync_last_event).toBe('opened');
  });

  it('refuses a second property with the same name (409)', async () => {
    const input = {
      name: 'outsync_twice',
      label: 'Twice',
      type: PropertyCreateTypeEnum.String,
      fieldType: PropertyCreateFieldTypeEnum.Text,
      groupName: 'contactinformation',
    };
    await hub.client.crm.properties.coreApi.create('contacts', input);
    const error = await apiError(hub.client.crm.properties.coreApi.create('contacts', input));
    expect(error.code).toBe(409);
  });
});
