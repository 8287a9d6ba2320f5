// The Salesforce writer's lookup methods, and the person ids it remembers by lookup key. Set-up in
// salesforce-writer.test-support.ts.
import { createSalesforceFieldCache, type SalesforceFieldCache } from './salesforce-writer';
import { createRecordIdCache, type RecordIdCache } from '../record-id-cache';
import {
  OWNER,
  DAY,
  PROFILE,
  recorded,
  record,
  useSalesforceNock,
  writer,
  STANDARD,
  describeObject,
  query,
  row,
  collection,
  saved,
  refused,
  LEAD,
  ANA_CONTACT,
  lead,
  item,
  written,
  contactByEmail,
  ownerTimeZone,
} from './salesforce-writer.test-support';

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
useSalesforceNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('lookup methods', () => {
  it('AlternativeProperty: one query per field for the whole batch, each event taking its most specific match', async () => {
    describeObject('Contact', [...STANDARD.Contact, 'External_Id__c']);
    query(
      "SELECT Id, External_Id__c, LastModifiedDate FROM Contact WHERE External_Id__c IN ('X-1', '003000000000002AAA', 'X-2')",
      [row('Contact', { Id: '003X1', External_Id__c: 'X-1' })],
    );
    query("SELECT Id, LastModifiedDate FROM Contact WHERE Id IN ('003000000000002AAA')", [
      row('Contact', { Id: '003000000000002AAA' }),
    ]);
    query(contactByEmail(['lead1@acme.test', 'lead2@acme.test', 'lead3@acme.test']), [
      // lead1 also matches by e-mail, but its os_objectlookup_id is more specific.
      row('Contact', { Id: '003E1', Email: 'lead1@acme.test' }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        { Email: 'lead1@acme.test', FirstName: 'Lead1', Id: '003X1' },
        { Email: 'lead2@acme.test', FirstName: 'Lead2', Id: '003000000000002AAA' },
      ],
      { body: [saved('003X1'), saved('003000000000002AAA')] },
    );
    collection(
      'POST',
      'Contact',
      // The new Contact holds its os_objectlookup_id, so the next event finds it by it.
      [
        {
          External_Id__c: 'X-2',
          Email: 'lead3@acme.test',
          FirstName: 'Lead3',
          LastName: 'lead3',
          OwnerId: OWNER,
        },
      ],
      { body: [saved('003N3')] },
    );
    const alternative = {
      objectLookupMethod: 'AlternativeProperty' as const,
      objectLookupIdField: 'External_Id__c',
      objectDefaultSearchProperty: 'Id',
    };

    const outcomes = await writer().write(
      [
        item('e1', { type: 'EMAIL_OPEN', lead: lead(1), objectLookupId: 'X-1' }, alternative),
        item(
          'e2',
          { type: 'EMAIL_OPEN', lead: lead(2), objectLookupId: '003000000000002AAA' },
          alternative,
        ),
        item('e3', { type: 'EMAIL_OPEN', lead: lead(3), objectLookupId: 'X-2' }, alternative),
      ],
      record,
    );

    expect([...outcomes.values()]).toEqual([written, written, written]);
    expect(recorded.map(([id, steps]) => [id, steps.contactId])).toEqual([
      ['e1', '003X1'],
      ['e2', '003000000000002AAA'],
      ['e3', '003N3'],
    ]);
  });

  it('OptionalAlternativeProperty, HeyReach: searches the named profile field, then e-mail, and fails an event whose lookup fields Salesforce lacks', async () => {
    ownerTimeZone();
    describeObject('Contact', [...STANDARD.Contact, 'LinkedIn_URL__c']);
    query(
      `SELECT Id, LinkedIn_URL__c, LastModifiedDate FROM Contact WHERE LinkedIn_URL__c IN ('${PROFILE}')`,
      [row('Contact', { Id: '003L', LinkedIn_URL__c: PROFILE })],
    );
    query(contactByEmail(['ana@acme.test']), []);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003L' }], { body: [saved('003L')] });
    collection(
      'POST',
      'Task',
      [
        {
          Subject: '[OS] [HeyReach - MESSAGE_SENT]',
          Description: 'Hi Ana',
          ActivityDate: DAY,
          Status: 'Completed',
          OwnerId: OWNER,
          Type: 'Other',
          WhoId: '003L',
        },
      ],
      { body: [saved('00TA')] },
    );
    const heyreach = {
      platform: 'heyreach' as const,
      type: 'MESSAGE_SENT' as const,
      subject: null,
    };
    const optional = {
      emailService: 'heyreach' as const,
      logType: 1 as const,
      salesforceTaskType: 'Other',
      objectLookupMethod: 'OptionalAlternativeProperty' as const,
      optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c' },
    };

    const outcomes = await writer().write(
      [
        item('e1', heyreach, optional),
        item(
          'e2',
          { ...heyreach, lead: { ...LEAD, email: null } },
          {
            ...optional,
            optionalAlternativeProperty: { profile_url: 'Gone__c', email: 'Gone_Email__c' },
          },
        ),
      ],
      record,
    );

    expect(outcomes.get('e1')).toEqual(written);
    expect(outcomes.get('e2')).toEqual({
      kind: 'failed',
      step: 'person',
      message:
        "Salesforce Contact has no field Gone__c that the connected user can see: choose another lookup field in the webhook's settings.",
      code: 'settings',
    });
  });
});

describe('person ids remembered by lookup key', () => {
  const ANA = '003000000000001AAA';
  const ANA_AGAIN = '003000000000002AAA';
  const byId = (id: string) => `SELECT Id, LastModifiedDate FROM Contact WHERE Id IN ('${id}')`;
  const open = (id: string) => item(id, { type: 'EMAIL_OPEN' });

  /** The first batch: the lead is found by e-mail and updated; the cache now knows it. */
  async function firstWrite(fields: SalesforceFieldCache, cache: RecordIdCache) {
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), [row('Contact', { Id: ANA, Email: 'ana@acme.test' })]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA }], { body: [saved(ANA)] });
    expect(await writer(fields, undefined, cache).write([open('e1')], record)).toEqual(
      new Map([['e1', written]]),
    );
    calls = [];
  }

  it('reads the person a lead was found in by Id the next time, with no lookup query', async () => {
    const fields = createSalesforceFieldCache();
    const cache = createRecordIdCache();
    await firstWrite(fields, cache);
    query(byId(ANA), [row('Contact', { Id: ANA })]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA }], { body: [saved(ANA)] });

    const outcomes = await writer(fields, undefined, cache).write([open('e2')], record);

    expect(calls).toEqual([`SOQL ${byId(ANA)}`, 'PATCH Contact ×1']);
    expect(outcomes).toEqual(new Map([['e2', written]]));
  });

  it('looks the lead up again when the org no longer has the remembered person', async () => {
    const fields = createSalesforceFieldCache();
    const cache = createRecordIdCache();
    await firstWrite(fields, cache);
    query(byId(ANA), []);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: ANA_AGAIN, Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA_AGAIN }], {
      body: [saved(ANA_AGAIN)],
    });

    const outcomes = await writer(fields, undefined, cache).write([open('e2')], record);

    expect(calls).toEqual([
      `SOQL ${byId(ANA)}`,
      `SOQL ${contactByEmail(['ana@acme.test'])}`,
      'PATCH Contact ×1',
    ]);
    expect(outcomes).toEqual(new Map([['e2', written]]));
    expect(recorded.at(-1)).toEqual(['e2', { contactId: ANA_AGAIN, contactWritten: true }]);
  });

  it('forgets a person an update finds deleted: the retry looks the lead up again', async () => {
    const fields = createSalesforceFieldCache();
    const cache = createRecordIdCache();
    await firstWrite(fields, cache);
    query(byId(ANA), [row('Contact', { Id: ANA })]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA }], {
      body: [refused('ENTITY_IS_DELETED', 'entity is deleted')],
    });
    const first = await writer(fields, undefined, cache).write([open('e2')], record);
    expect(first.get('e2')).toEqual({
      kind: 'retry',
      step: 'person',
      message: 'Salesforce refused the Contact: ENTITY_IS_DELETED: entity is deleted',
      code: 'not_found',
    });
    calls = [];

    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: ANA_AGAIN, Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: ANA_AGAIN }], {
      body: [saved(ANA_AGAIN)],
    });
    const retried = await writer(fields, undefined, cache).write([open('e2')], record);

    expect(calls).toEqual([`SOQL ${contactByEmail(['ana@acme.test'])}`, 'PATCH Contact ×1']);
    expect(retried).toEqual(new Map([['e2', written]]));
  });
});
