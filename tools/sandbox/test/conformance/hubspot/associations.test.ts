import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/associations/v4';
import { apiError, useHubspotConformance } from '../hubspot-harness.ts';

// Associations v4 through the official client. Status codes and shapes from HubSpot's
// OpenAPI file (test/openapi/hubspot-associations-v4.json); type ids from HubSpot's
// association type list (developers.hubspot.com/docs/api/crm/associations/v4):
// contact→company 279 (unlabelled default) and 1 (primary), company→contact 280 and 2.
const hub = useHubspotConformance();
const HUBSPOT_DEFINED = AssociationSpecAssociationCategoryEnum.HubspotDefined;

async function contactAndCompany(tag: string) {
  const contact = await hub.client.crm.contacts.basicApi.create({
    properties: { email: `${tag}@assoc.example` },
    associations: [],
  });
  const company = await hub.client.crm.companies.basicApi.create({
    properties: { name: `Assoc ${tag}`, domain: `${tag}.assoc.example` },
    associations: [],
  });
  return { contactId: contact.id, companyId: company.id };
}

describe('HubSpot associations v4 through @hubspot/api-client', () => {
  it('creates a default association (200) and reads it from both sides', async () => {
    const { contactId, companyId } = await contactAndCompany('default');
    const created = await hub.client.crm.associations.v4.basicApi.createDefault(
      'contacts',
      contactId,
      'companies',
      companyId,
    );
    expect(created.results[0]?.associationSpec).toEqual({
      associationCategory: 'HUBSPOT_DEFINED',
      associationTypeId: 279,
    });
    const fromCompany = await hub.client.crm.associations.v4.basicApi.getPage(
      'companies',
      companyId,
      'contacts',
    );
    expect(fromCompany.results).toEqual([
      expect.objectContaining({
        toObjectId: contactId,
        associationTypes: [expect.objectContaining({ category: 'HUBSPOT_DEFINED', typeId: 280 })],
      }),
    ]);
  });

  it('creates a labelled association: 201 (the only success code the OpenAPI declares) with its labels', async () => {
    const { contactId, companyId } = await contactAndCompany('labelled');
    // A 200 here makes the generated client throw "Unknown API Status Code!".
    const labels = await hub.client.crm.associations.v4.basicApi.create(
      'contacts',
      contactId,
      'companies',
      companyId,
      [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: 1 }],
    );
    expect(labels).toMatchObject({
      fromObjectTypeId: '0-1',
      toObjectTypeId: '0-2',
      labels: ['Primary'],
    });
    expect(labels.fromObjectId).toBe(contactId);
    const page = await hub.client.crm.associations.v4.basicApi.getPage(
      'contacts',
      contactId,
      'companies',
    );
    expect(page.results[0]?.associationTypes).toEqual([
      { category: 'HUBSPOT_DEFINED', typeId: 1, label: 'Primary' },
    ]);
  });

  it('deletes an association (204)', async () => {
    const { contactId, companyId } = await contactAndCompany('deleted');
    await hub.client.crm.associations.v4.basicApi.createDefault(
      'contacts',
      contactId,
      'companies',
      companyId,
    );
    await hub.client.crm.associations.v4.basicApi.archive(
      'contacts',
      contactId,
      'companies',
      companyId,
    );
    const page = await hub.client.crm.associations.v4.basicApi.getPage(
      'contacts',
      contactId,
      'companies',
    );
    expect(page.results).toEqual([]);
  });

  it('batch associates by default (200), creates labelled (201), reads and archives (204)', async () => {
    const one = await contactAndCompany('batch-one');
    const two = await contactAndCompany('batch-two');
    const defaults = await hub.client.crm.associations.v4.batchApi.createDefault(
      'contacts',
      'companies',
      { inputs: [{ _from: { id: one.contactId }, to: { id: one.companyId } }] },
    );
    expect(defaults.results).toHaveLength(1);
    const labelled = await hub.client.crm.associations.v4.batchApi.create('contacts', 'companies', {
      inputs: [
        {
          _from: { id: two.contactId },
          to: { id: two.companyId },
          types: [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: 1 }],
        },
      ],
    });
    expect(labelled.results[0]?.labels).toEqual(['Primary']);
    const read = await hub.client.crm.associations.v4.batchApi.getPage('contacts', 'companies', {
      inputs: [{ id: one.contactId }, { id: two.contactId }],
    });
    expect(read.results.map((result) => result._from.id).sort()).toEqual(
      [one.contactId, two.contactId].sort(),
    );
    await hub.client.crm.associations.v4.batchApi.archive('contacts', 'companies', {
      inputs: [{ _from: { id: one.contactId }, to: [{ id: one.companyId }] }],
    });
    const after = await hub.client.crm.associations.v4.basicApi.getPage(
      'contacts',
      one.contactId,
      'companies',
    );
    expect(after.results).toEqual([]);
  });

  it('refuses a default association to a record that does not exist', async () => {
    const { contactId } = await contactAndCompany('missing');
    const error = await apiError(
      hub.client.crm.associations.v4.basicApi.createDefault(
        'contacts',
        contactId,
        'companies',
        '987654321',
      ),
    );
    expect(error.code).toBe(404);
    expect(error.body).toMatchObject({ status: 'error' });
  });
});
