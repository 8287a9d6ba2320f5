// The Salesforce writer's OutSync custom fields (createContactCustomProperties). Set-up in
// salesforce-writer.test-support.ts.
import type { WrittenEventCounts } from '../crm-writer';
import { createSalesforceFieldCache } from './salesforce-writer';
import {
  AT,
  record,
  useSalesforceNock,
  writer,
  STANDARD,
  CUSTOM,
  describeObject,
  query,
  row,
  collection,
  saved,
  ANA_CONTACT,
  item,
  written,
  contactByEmail,
} from './salesforce-writer.test-support';

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
useSalesforceNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('custom fields', () => {
  const on = {
    createContactCustomProperties: true,
    salesforceCustomFieldObjects: ['Contact' as const],
  };
  const openCounters = (extra: string) =>
    contactByEmail(
      ['ana@acme.test'],
      `, OSNumberOfEmailOpens__c, OSNumberOfEmailLinkClicks__c${extra}`,
    );

  it('writes the event’s fields and adds the batch’s opens to the counter the Contact holds', async () => {
    describeObject('Contact', [...STANDARD.Contact, ...CUSTOM]);
    query(openCounters(''), [
      row('Contact', {
        Id: '003A',
        Email: 'ana@acme.test',
        OSNumberOfEmailOpens__c: 4,
        OSNumberOfEmailLinkClicks__c: null,
      }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        {
          ...ANA_CONTACT,
          OSLastUpdateOccurred__c: '2026-11-23T11:00:00.000Z',
          OSLastUpdateSource__c: 'Smartlead',
          OSLastCampaignId__c: '42',
          OSLastCampaignName__c: 'Q4 outreach',
          OSLastEmailCampaignId__c: '42',
          OSLastEmailCampaignName__c: 'Q4 outreach',
          OSLastOpenTime__c: '2026-11-23T11:00:00.000Z',
          OSLastOpenSubject__c: 'Later subject',
          OSLastOpenMessage__c: 'Hi Ana',
          OSNumberOfEmailOpens__c: 6,
          Id: '003A',
        },
      ],
      { body: [saved('003A')] },
    );

    const outcomes = await writer().write(
      [
        item(
          'e2',
          { type: 'EMAIL_OPEN', occurredAt: '2026-11-23T11:00:00.000Z', subject: 'Later subject' },
          on,
        ),
        item('e1', { type: 'EMAIL_OPEN' }, on),
      ],
      record,
    );

    expect([...outcomes.values()]).toEqual([written, written]);
    expect(calls).toHaveLength(3);
  });

  it('counts from the log when it can, whatever the Contact holds', async () => {
    describeObject('Contact', [...STANDARD.Contact, ...CUSTOM]);
    query(openCounters(''), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test', OSNumberOfEmailOpens__c: 40 }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        {
          ...ANA_CONTACT,
          OSLastUpdateOccurred__c: AT,
          OSLastUpdateSource__c: 'Smartlead',
          OSLastCampaignId__c: '42',
          OSLastCampaignName__c: 'Q4 outreach',
          OSLastEmailCampaignId__c: '42',
          OSLastEmailCampaignName__c: 'Q4 outreach',
          OSLastOpenTime__c: AT,
          OSLastOpenSubject__c: 'Quick question',
          OSLastOpenMessage__c: 'Hi Ana',
          // The log's 2 written opens plus this one; the Contact's 40 is not the log's.
          OSNumberOfEmailOpens__c: 3,
          Id: '003A',
        },
      ],
      { body: [saved('003A')] },
    );
    const counts: WrittenEventCounts = (keys) => {
      expect(keys).toEqual(['ana@acme.test']);
      return Promise.resolve(new Map([['ana@acme.test', { opens: 2, clicks: 0 }]]));
    };

    const outcomes = await writer(createSalesforceFieldCache(), counts).write(
      [item('e1', { type: 'EMAIL_OPEN' }, on)],
      record,
    );
    expect(outcomes.get('e1')).toEqual(written);
  });

  it('leaves out the fields the org lacks and warns once per event with the fix, without retrying', async () => {
    const present = CUSTOM.filter(
      (name) => !['OSLastOpenTime__c', 'OSNumberOfEmailOpens__c'].includes(name),
    );
    describeObject('Contact', [...STANDARD.Contact, ...present]);
    query(contactByEmail(['ana@acme.test'], ', OSNumberOfEmailLinkClicks__c'), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection(
      'PATCH',
      'Contact',
      [
        {
          ...ANA_CONTACT,
          OSLastUpdateOccurred__c: AT,
          OSLastUpdateSource__c: 'Smartlead',
          OSLastCampaignId__c: '42',
          OSLastCampaignName__c: 'Q4 outreach',
          OSLastEmailCampaignId__c: '42',
          OSLastEmailCampaignName__c: 'Q4 outreach',
          OSLastOpenSubject__c: 'Quick question',
          OSLastOpenMessage__c: 'Hi Ana',
          Id: '003A',
        },
      ],
      { body: [saved('003A')] },
    );

    const outcomes = await writer().write([item('e1', { type: 'EMAIL_OPEN' }, on)], record);

    expect(outcomes.get('e1')).toEqual({
      kind: 'written',
      warnings: [
        'Salesforce Contact has no OutSync field OSLastOpenTime__c, OSNumberOfEmailOpens__c that the connected user can see, so those values were not written: click "Create Fields" in the webhook\'s settings to add them.',
      ],
    });
  });

  it('writes no custom field on an object the webhook has not chosen for them', async () => {
    describeObject('Contact', [...STANDARD.Contact, ...CUSTOM]);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003A' }], { body: [saved('003A')] });

    const outcomes = await writer().write(
      [
        item(
          'e1',
          { type: 'EMAIL_OPEN' },
          { createContactCustomProperties: true, salesforceCustomFieldObjects: ['Lead'] },
        ),
      ],
      record,
    );
    expect(outcomes.get('e1')).toEqual(written);
  });
});
