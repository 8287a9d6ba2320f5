// The Salesforce writer's errors: what the org refuses or fails, and the outcomes and steps that
// follow. Set-up in salesforce-writer.test-support.ts.
import nock from 'nock';
import type { WriteOutcome } from '../crm-writer';
import { createSalesforceFieldCache } from './salesforce-writer';
import {
  OWNER,
  INSTANCE,
  DATA,
  recorded,
  record,
  useSalesforceNock,
  writer,
  reply,
  describeObject,
  query,
  row,
  collection,
  saved,
  refused,
  ANA_CONTACT,
  lead,
  item,
  written,
  emailTask,
  contactByEmail,
  ownerTimeZone,
} from './salesforce-writer.test-support';

/** The requests the org answered, in order: `METHOD path` (and the SOQL of queries). */
let calls: string[] = [];
useSalesforceNock((call) => calls.push(call));
beforeEach(() => {
  calls = [];
});

describe('errors', () => {
  it('fails only the event whose record Salesforce refuses, and goes on with the others', async () => {
    ownerTimeZone();
    describeObject('Contact');
    query(contactByEmail(['lead1@acme.test', 'lead2@acme.test', 'lead3@acme.test']), []);
    collection(
      'POST',
      'Contact',
      [
        { Email: 'lead1@acme.test', FirstName: 'Lead1', LastName: 'lead1', OwnerId: OWNER },
        { Email: 'lead2@acme.test', FirstName: 'Lead2', LastName: 'lead2', OwnerId: OWNER },
        { Email: 'lead3@acme.test', FirstName: 'Lead3', LastName: 'lead3', OwnerId: OWNER },
      ],
      {
        body: [
          saved('003A'),
          refused('DUPLICATES_DETECTED', 'Use one of these records?'),
          refused('UNABLE_TO_LOCK_ROW', 'unable to obtain exclusive access to this record'),
        ],
      },
    );
    collection('POST', 'Task', [emailTask('003A')], {
      body: [refused('INVALID_CROSS_REFERENCE_KEY', 'Owner ID: owner cannot be inactive')],
    });

    const outcomes = await writer().write(
      [item('e1', { lead: lead(1) }), item('e2', { lead: lead(2) }), item('e3', { lead: lead(3) })],
      record,
    );

    expect(outcomes).toEqual(
      new Map<string, WriteOutcome>([
        [
          'e1',
          {
            kind: 'failed',
            step: 'task',
            message:
              'Salesforce refused the Task: INVALID_CROSS_REFERENCE_KEY: Owner ID: owner cannot be inactive',
            code: 'record_refused',
          },
        ],
        [
          'e2',
          {
            kind: 'failed',
            step: 'person',
            message:
              'Salesforce refused the Contact: DUPLICATES_DETECTED: Use one of these records?',
            code: 'record_refused',
          },
        ],
        [
          'e3',
          {
            kind: 'retry',
            step: 'person',
            message:
              'Salesforce refused the Contact: UNABLE_TO_LOCK_ROW: unable to obtain exclusive access to this record',
            code: 'contention',
          },
        ],
      ]),
    );
    // Only e1's person is written; its Task was refused, so it has no engagementId.
    expect(recorded.map(([id, steps]) => [id, Object.keys(steps)])).toEqual([
      ['e1', ['contactId', 'contactWritten']],
      ['e1', ['engagementStartedAt']],
    ]);
  });

  it('withdraws the start of a Task create the org refused for its API budget, so the retry does not look for it', async () => {
    ownerTimeZone();
    describeObject('Contact');
    query(contactByEmail(['lead1@acme.test']), []);
    collection(
      'POST',
      'Contact',
      [{ Email: 'lead1@acme.test', FirstName: 'Lead1', LastName: 'lead1', OwnerId: OWNER }],
      { body: [saved('003A')] },
    );
    collection('POST', 'Task', [emailTask('003A')], {
      status: 403,
      body: [{ errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'TotalRequests Limit exceeded.' }],
    });

    const outcomes = await writer().write([item('e1', { lead: lead(1) })], record);

    expect(outcomes.get('e1')).toMatchObject({ kind: 'retry', step: 'task', code: 'rate_limited' });
    // REQUEST_LIMIT_EXCEEDED: the org created nothing, so the retry creates the Task again
    // without a query for one first.
    expect(recorded).toStrictEqual([
      ['e1', { contactId: '003A', contactWritten: true }],
      ['e1', { engagementStartedAt: expect.any(Date) as Date }],
      ['e1', { engagementStartedAt: undefined }],
    ]);
  });

  it('retries the events of a record that names a field deleted since the describe, and describes again', async () => {
    const cache = createSalesforceFieldCache();
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ ...ANA_CONTACT, Id: '003A' }], {
      body: [refused('INVALID_FIELD', 'No such column Title on entity Contact')],
    });
    const first = await writer(cache).write([item('e1', { type: 'EMAIL_OPEN' })], record);
    expect(first.get('e1')).toMatchObject({ kind: 'retry', step: 'person' });

    describeObject('Contact', ['Id', 'Email', 'LastModifiedDate']);
    query(contactByEmail(['ana@acme.test']), [
      row('Contact', { Id: '003A', Email: 'ana@acme.test' }),
    ]);
    collection('PATCH', 'Contact', [{ Email: 'ana@acme.test', Id: '003A' }], {
      body: [saved('003A')],
    });
    const second = await writer(cache).write([item('e1', { type: 'EMAIL_OPEN' })], record);
    expect(second.get('e1')).toEqual(written);
  });

  it('sends every event back for a retry when Salesforce is down, and fails them on a refused query', async () => {
    describeObject('Contact');
    query(contactByEmail(['ana@acme.test']), [], 503);
    const down = await writer().write([item('e1')], record);
    expect(down.get('e1')).toMatchObject({ kind: 'retry', step: 'person' });

    nock(INSTANCE)
      .get(`${DATA}/sobjects/Contact/describe`)
      .reply(
        reply('GET describe Contact', {
          status: 403,
          body: [{ errorCode: 'INSUFFICIENT_ACCESS', message: 'No access' }],
        }),
      );
    const refusedDescribe = await writer().write([item('e2')], record);
    expect(refusedDescribe.get('e2')).toMatchObject({ kind: 'failed', step: 'fields' });
    expect(recorded).toEqual([]);
  });

  it('records the Contacts of the chunks written before an interrupted batch, and a retry writes only the rest', async () => {
    const leads = Array.from({ length: 201 }, (_, n) => lead(n));
    const emails = leads.map((one) => one.email ?? '');
    const newContact = (n: number) => ({
      Email: `lead${n}@acme.test`,
      FirstName: `Lead${n}`,
      LastName: `lead${n}`,
      OwnerId: OWNER,
    });
    describeObject('Contact');
    query(contactByEmail(emails.slice(0, 200)), []);
    query(contactByEmail(emails.slice(200)), []);
    collection(
      'POST',
      'Contact',
      leads.slice(0, 200).map((_, n) => newContact(n)),
      {
        body: leads.slice(0, 200).map((_, n) => saved(`003C${n}`)),
      },
    );
    collection('POST', 'Contact', [newContact(200)], {
      status: 503,
      body: [{ errorCode: 'SERVER_UNAVAILABLE', message: 'Down for maintenance' }],
    });
    const items = leads.map((one, n) => item(`e${n}`, { type: 'EMAIL_OPEN', lead: one }));

    const outcomes = await writer().write(items, record);

    expect(new Set([...outcomes.values()].map((outcome) => outcome.kind))).toEqual(
      new Set(['retry']),
    );
    expect(outcomes.size).toBe(201);
    expect(recorded).toHaveLength(200);
    expect(recorded[199]).toEqual(['e199', { contactId: '003C199', contactWritten: true }]);
    expect(items[0]?.steps).toEqual({ contactId: '003C0', contactWritten: true });

    // The retry: the recorded events make no call; the last one is looked up and created.
    calls = [];
    describeObject('Contact');
    query(contactByEmail(['lead200@acme.test']), []);
    collection('POST', 'Contact', [newContact(200)], { body: [saved('003C200')] });
    const retried = await writer().write(items, record);
    expect([...retried.values()].every((outcome) => outcome.kind === 'written')).toBe(true);
    expect(calls).toHaveLength(3);
  });
});
