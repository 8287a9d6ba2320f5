import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/emails';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/objects/tasks';
import { apiError, useHubspotConformance } from '../hubspot-harness.ts';

// E-mails and tasks (engagement objects) through the official client, as a CRM sync logs
// activity. Shapes and codes from test/openapi/hubspot-emails-v3.json and -tasks-v3.json;
// default association type ids from HubSpot's association type list: email→contact 198,
// task→contact 204, task→company 192.
const hub = useHubspotConformance();
const HUBSPOT_DEFINED = AssociationSpecAssociationCategoryEnum.HubspotDefined;

async function contact(email: string) {
  return hub.client.crm.contacts.basicApi.create({ properties: { email }, associations: [] });
}

describe('HubSpot e-mails and tasks through @hubspot/api-client', () => {
  it('logs an e-mail associated with a contact and reads it back with its association', async () => {
    const person = await contact('mail@engage.example');
    const email = await hub.client.crm.objects.emails.basicApi.create({
      properties: {
        hs_timestamp: '2026-02-01T09:30:00.000Z',
        hs_email_direction: 'EMAIL',
        hs_email_status: 'SENT',
        hs_email_subject: 'Following up',
        hs_email_text: 'Hello again',
      },
      associations: [
        {
          to: { id: person.id },
          types: [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: 198 }],
        },
      ],
    });
    expect(email.properties).toMatchObject({
      hs_email_subject: 'Following up',
      hs_email_direction: 'EMAIL',
    });
    const read = await hub.client.crm.objects.emails.basicApi.getById(
      email.id,
      ['hs_email_subject', 'hs_email_status'],
      undefined,
      ['contacts'],
    );
    expect(read.properties).toMatchObject({
      hs_email_subject: 'Following up',
      hs_email_status: 'SENT',
    });
    expect(read.associations?.contacts?.results).toEqual([
      { id: person.id, type: 'email_to_contact' },
    ]);
  });

  it('batch creates e-mails (201)', async () => {
    const person = await contact('batchmail@engage.example');
    const created = await hub.client.crm.objects.emails.batchApi.create({
      inputs: ['Opened', 'Clicked'].map((subject) => ({
        properties: { hs_timestamp: '2026-02-02T10:00:00.000Z', hs_email_subject: subject },
        associations: [
          {
            to: { id: person.id },
            types: [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: 198 }],
          },
        ],
      })),
    });
    expect(created.results.map((result) => result.properties.hs_email_subject).sort()).toEqual([
      'Clicked',
      'Opened',
    ]);
  });

  it('creates, completes and searches tasks', async () => {
    const person = await contact('task@engage.example');
    const task = await hub.client.crm.objects.tasks.basicApi.create({
      properties: {
        hs_timestamp: '2026-03-01T12:00:00.000Z',
        hs_task_subject: 'Call back',
        hs_task_status: 'NOT_STARTED',
        hs_task_priority: 'HIGH',
        hs_task_type: 'CALL',
      },
      associations: [
        {
          to: { id: person.id },
          types: [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: 204 }],
        },
      ],
    });
    const done = await hub.client.crm.objects.tasks.basicApi.update(task.id, {
      properties: { hs_task_status: 'COMPLETED' },
    });
    expect(done.properties.hs_task_status).toBe('COMPLETED');
    const found = await hub.client.crm.objects.tasks.searchApi.doSearch({
      filterGroups: [
        {
          filters: [
            { propertyName: 'hs_task_status', operator: FilterOperatorEnum.Eq, value: 'COMPLETED' },
          ],
        },
      ],
      sorts: [],
      properties: ['hs_task_subject', 'hs_task_status'],
      limit: 10,
      after: '0',
    });
    expect(found.results.map((result) => result.properties.hs_task_subject)).toEqual(['Call back']);
    const fromContact = await hub.client.crm.contacts.basicApi.getById(
      person.id,
      ['email'],
      undefined,
      ['tasks'],
    );
    expect(fromContact.associations?.tasks?.results).toEqual([
      { id: task.id, type: 'contact_to_task' },
    ]);
  });

  it('searches e-mails by a datetime value and by the contact they are associated with', async () => {
    // HubSpot compares datetime properties by value: the epoch milliseconds a client sends match
    // the timestamp it stored as ISO text (and a different instant does not). Records associated
    // with one contact are found with the `associations.contact` pseudo-property.
    const [first, second] = await Promise.all([
      contact('same-second-1@engage.example'),
      contact('same-second-2@engage.example'),
    ]);
    const emails = await hub.client.crm.objects.emails.batchApi.create({
      inputs: [first, second].map((person) => ({
        properties: { hs_timestamp: '2026-04-01T08:00:00.000Z', hs_email_subject: 'Step 1' },
        associations: [
          {
            to: { id: person.id },
            types: [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: 198 }],
          },
        ],
      })),
    });
    const search = (filters: Array<{ propertyName: string; value: string }>) =>
      hub.client.crm.objects.emails.searchApi.doSearch({
        filterGroups: [
          {
            filters: filters.map((filter) => ({ ...filter, operator: FilterOperatorEnum.Eq })),
          },
        ],
        sorts: [],
        properties: ['hs_email_subject'],
        limit: 10,
        after: '0',
      });
    const atThatTime = await search([{ propertyName: 'hs_timestamp', value: '1775030400000' }]);
    expect(atThatTime.results.map((result) => result.id).sort()).toEqual(
      emails.results.map((result) => result.id).sort(),
    );
    const aSecondLater = await search([{ propertyName: 'hs_timestamp', value: '1775030401000' }]);
    expect(aSecondLater.total).toBe(0);
    const ofSecond = await search([
      { propertyName: 'hs_timestamp', value: '1775030400000' },
      { propertyName: 'associations.contact', value: second.id },
    ]);
    const secondEmail = emails.results.find((result) =>
      ofSecond.results.some((found) => found.id === result.id),
    );
    expect(ofSecond.total).toBe(1);
    expect(secondEmail).toBeDefined();
    const read = await hub.client.crm.objects.emails.basicApi.getById(
      ofSecond.results[0]?.id ?? '',
      undefined,
      undefined,
      ['contacts'],
    );
    expect(read.associations?.contacts?.results.map((result) => result.id)).toEqual([second.id]);
  });

  it('refuses a task whose enumeration value is not one of the property options (400)', async () => {
    // HubSpot validates enumeration properties against their options: "Property values were
    // not valid", error INVALID_OPTION.
    const error = await apiError(
      hub.client.crm.objects.tasks.basicApi.create({
        properties: { hs_timestamp: '2026-03-01T12:00:00.000Z', hs_task_status: 'FINISHED' },
        associations: [],
      }),
    );
    expect(error.code).toBe(400);
    expect(error.body).toMatchObject({ category: 'VALIDATION_ERROR' });
    expect((error.body as { message: string }).message).toContain('INVALID_OPTION');
  });

  it('refuses an inline association whose type id does not fit the pair (400)', async () => {
    const person = await contact('wrongtype@engage.example');
    const error = await apiError(
      hub.client.crm.objects.emails.basicApi.create({
        properties: { hs_timestamp: '2026-02-01T09:30:00.000Z' },
        associations: [
          {
            to: { id: person.id },
            types: [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: 204 }],
          },
        ],
      }),
    );
    expect(error.code).toBe(400);
    expect(error.body).toMatchObject({ category: 'VALIDATION_ERROR' });
  });
});
