// The Salesforce mapping's Contact and Lead fields: the lead's own fields (personFields), those of
// a new person (newPersonFields), its owner (personOwner), and the messages for Update Only and
// missing fields. Fixtures in salesforce-mapping.test-support.ts.
import {
  missingFieldsWarning,
  newPersonFields,
  personFields,
  personOwner,
  updateOnlyMessage,
} from './salesforce-mapping';
import { AT, CONTACT_ID, event, settings, custom } from './salesforce-mapping.test-support';

describe('personFields', () => {
  it("writes a Contact's own fields only when custom fields are off", () => {
    expect(personFields(event(), settings())).toEqual({
      FirstName: 'Ana',
      LastName: 'Lima',
      Email: 'ana@acme.test',
      Title: 'CTO',
      Phone: '+1 555 0100',
    });
  });

  it("writes a Lead's company and website too", () => {
    expect(personFields(event(), settings({ salesforceObjectType: 'Lead' }))).toEqual({
      FirstName: 'Ana',
      LastName: 'Lima',
      Email: 'ana@acme.test',
      Title: 'CTO',
      Phone: '+1 555 0100',
      Company: 'Acme',
      Website: 'https://acme.test',
    });
  });

  it('never blanks a field the event lacks', () => {
    const bare = event({
      lead: {
        email: null,
        firstName: '',
        lastName: null,
        profileUrl: null,
        company: null,
        domain: null,
        title: null,
        phone: null,
        platformLeadId: null,
      },
    });
    expect(personFields(bare, settings({ salesforceObjectType: 'Lead' }))).toEqual({});
  });

  it('adds the custom fields of the event when they are on for the object', () => {
    expect(personFields(event({ type: 'EMAIL_BOUNCE' }), custom())).toMatchObject({
      FirstName: 'Ana',
      OSLastBounceTime__c: AT,
    });
  });
});

describe('the opt-out', () => {
  it('sets HasOptedOutOfEmail on an unsubscribe, and on no other event', () => {
    expect(personFields(event({ type: 'LEAD_UNSUBSCRIBED' }), settings())).toMatchObject({
      HasOptedOutOfEmail: true,
    });
    expect(personFields(event({ type: 'EMAIL_BOUNCE' }), settings())).not.toHaveProperty(
      'HasOptedOutOfEmail',
    );
  });
});

describe('newPersonFields', () => {
  it('writes the lookup fields (never Id) and the event’s fields on a new Contact', () => {
    const fields = newPersonFields(event(), settings(), [
      { field: 'Id', value: CONTACT_ID },
      { field: 'Ext__c', value: 'X-1' },
      { field: 'Email', value: 'ana@acme.test' },
    ]);
    expect(fields).toEqual({
      Ext__c: 'X-1',
      Email: 'ana@acme.test',
      FirstName: 'Ana',
      LastName: 'Lima',
      Title: 'CTO',
      Phone: '+1 555 0100',
      OwnerId: '005000000000001AAA',
    });
  });

  it('gives the new person the selected owner (the form has no Assign contact owner)', () => {
    expect(newPersonFields(event(), settings(), [])).toMatchObject({
      OwnerId: '005000000000001AAA',
    });
    expect(newPersonFields(event(), settings({ hubspotOwnerId: '' }), [])).not.toHaveProperty(
      'OwnerId',
    );
  });

  it("falls back to the e-mail's local part, then 'Unknown', for the required LastName", () => {
    const nameless = (email: string | null) =>
      newPersonFields(event({ lead: { ...event().lead, lastName: null, email } }), settings(), [])
        .LastName;
    expect(nameless('ana.lima@acme.test')).toBe('ana.lima');
    expect(nameless(null)).toBe('Unknown');
    expect(nameless('@acme.test')).toBe('Unknown');
  });

  it("gives a new Lead the lead's company, else its domain, else '[not provided]'", () => {
    const lead = settings({ salesforceObjectType: 'Lead' });
    const company = (company: string | null, domain: string | null) =>
      newPersonFields(event({ lead: { ...event().lead, company, domain } }), lead, []).Company;
    expect(company('Acme', 'acme.test')).toBe('Acme');
    expect(company(null, 'acme.test')).toBe('acme.test');
    expect(company('', null)).toBe('[not provided]');
  });

  it('gives a new Contact no Company (Contacts have none)', () => {
    expect(newPersonFields(event(), settings(), [])).not.toHaveProperty('Company');
  });
});

describe('personOwner', () => {
  it('answers the selected user, or none when the webhook has none', () => {
    expect(personOwner(settings())).toBe('005000000000001AAA');
    expect(personOwner(settings({ hubspotOwnerId: '' }))).toBeNull();
  });
});

describe('messages', () => {
  it('says why Update Only wrote nothing, naming the object and the lookups', () => {
    expect(
      updateOnlyMessage('Lead', [
        { field: 'Id', value: CONTACT_ID },
        { field: 'Email', value: 'ana@acme.test' },
      ]),
    ).toBe(
      `No Salesforce Lead matches this lead (looked up by Id = ${CONTACT_ID}, then Email = ana@acme.test), and the webhook is set to Update Only, so no Lead was created.`,
    );
  });

  it('names up to three missing fields and counts the rest, with the fix', () => {
    expect(missingFieldsWarning('Contact', ['A__c', 'B__c'])).toBe(
      'Salesforce Contact has no OutSync field A__c, B__c that the connected user can see, so those values were not written: click "Create Fields" in the webhook\'s settings to add them.',
    );
    expect(missingFieldsWarning('Lead', ['A__c', 'B__c', 'C__c', 'D__c', 'E__c'])).toContain(
      'Lead has no OutSync field A__c, B__c, C__c and 2 more that',
    );
    expect(missingFieldsWarning('Lead', ['A__c', 'B__c', 'C__c'])).toContain(
      'field A__c, B__c, C__c that',
    );
  });
});
