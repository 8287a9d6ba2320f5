// The Salesforce mapping's person lookup: the lookup keys of each lookup method (lookupKeys) and
// which fields hold record ids (isRecordIdField). Fixtures in salesforce-mapping.test-support.ts.
import { isRecordIdField, lookupKeys, type SalesforceWriteSettings } from './salesforce-mapping';
import { PROFILE, CONTACT_ID, event, heyreach, settings } from './salesforce-mapping.test-support';

describe('lookupKeys', () => {
  describe('default', () => {
    it('finds an e-mail platform lead by Email only, whatever else the event carries', () => {
      expect(lookupKeys(event({ objectLookupId: CONTACT_ID }), settings())).toEqual([
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('has no key for a lead without e-mail, nor for an empty or blank one', () => {
      for (const email of [null, '', '  '])
        expect(lookupKeys(event({ lead: { ...event().lead, email } }), settings())).toEqual([]);
    });

    it("finds the social tool's lead by its profile field, then by Email", () => {
      const keys = lookupKeys(
        heyreach(),
        settings({ optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c' } }),
      );
      expect(keys).toEqual([
        { field: 'LinkedIn_URL__c', value: PROFILE },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('takes the social profile field from objectDefaultSearchProperty when none is named', () => {
      const keys = lookupKeys(heyreach(), settings({ objectDefaultSearchProperty: 'LinkedIn__c' }));
      expect(keys[0]).toEqual({ field: 'LinkedIn__c', value: PROFILE });
    });

    it('searches the e-mail in the field the social tool names for it', () => {
      const keys = lookupKeys(
        heyreach({ lead: { ...event().lead, profileUrl: null } }),
        settings({ optionalAlternativeProperty: { email: 'Work_Email__c' } }),
      );
      expect(keys).toEqual([{ field: 'Work_Email__c', value: 'ana@acme.test' }]);
    });

    it('searches no profile field for an e-mail platform, even when one is named', () => {
      const keys = lookupKeys(
        event(),
        settings({ optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c' } }),
      );
      expect(keys).toEqual([{ field: 'Email', value: 'ana@acme.test' }]);
    });
  });

  describe('AlternativeProperty', () => {
    const alternative = (overrides: Partial<SalesforceWriteSettings> = {}) =>
      settings({
        objectLookupMethod: 'AlternativeProperty',
        objectLookupIdField: 'External_Id__c',
        objectDefaultSearchProperty: 'Id',
        ...overrides,
      });

    it('searches os_objectlookup_id in the checkbox field, then as the record Id, then by Email', () => {
      expect(lookupKeys(event({ objectLookupId: CONTACT_ID }), alternative())).toEqual([
        { field: 'External_Id__c', value: CONTACT_ID },
        { field: 'Id', value: CONTACT_ID },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out the Id key when the value is not a record id (SOQL would refuse it)', () => {
      for (const value of ['crm-77', '00300000000001', '003000000000001AA', 'a'.repeat(19)])
        expect(lookupKeys(event({ objectLookupId: value }), alternative())).toEqual([
          { field: 'External_Id__c', value },
          { field: 'Email', value: 'ana@acme.test' },
        ]);
    });

    it('accepts a 15-character id, in any case of the field name', () => {
      const id = '003000000000001';
      expect(
        lookupKeys(
          event({ objectLookupId: id }),
          alternative({ objectLookupIdField: null, objectDefaultSearchProperty: 'ID' }),
        ),
      ).toEqual([
        { field: 'ID', value: id },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('ignores the os_objectlookup_id field of the optional method', () => {
      expect(
        lookupKeys(
          event({ objectLookupId: 'X-1' }),
          alternative({
            objectLookupIdField: null,
            objectDefaultSearchProperty: null,
            optionalAlternativeProperty: { os_objectlookup_id: 'Ext__c' },
          }),
        ),
      ).toEqual([{ field: 'Email', value: 'ana@acme.test' }]);
    });

    it('falls back to the default keys for an event without the value', () => {
      expect(lookupKeys(event(), alternative())).toEqual([
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it("searches the social tool's lead by os_objectlookup_id, then profile, then e-mail", () => {
      const keys = lookupKeys(
        heyreach({ objectLookupId: CONTACT_ID }),
        alternative({
          objectLookupIdField: null,
          optionalAlternativeProperty: { profile_url: 'LinkedIn_URL__c', email: 'Email' },
        }),
      );
      expect(keys).toEqual([
        { field: 'Id', value: CONTACT_ID },
        { field: 'LinkedIn_URL__c', value: PROFILE },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out a key that repeats an earlier one (field names compare case-insensitively)', () => {
      const keys = lookupKeys(
        event({ objectLookupId: 'X-1' }),
        alternative({ objectLookupIdField: 'Ext__c', objectDefaultSearchProperty: 'EXT__C' }),
      );
      expect(keys).toEqual([
        { field: 'Ext__c', value: 'X-1' },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });
  });

  describe('OptionalAlternativeProperty', () => {
    const optional = (overrides: Partial<SalesforceWriteSettings> = {}) =>
      settings({ objectLookupMethod: 'OptionalAlternativeProperty', ...overrides });

    it('searches os_objectlookup_id, profile URL, e-mail in that order, each in its named field', () => {
      const keys = lookupKeys(
        heyreach({ objectLookupId: 'X-1' }),
        optional({
          optionalAlternativeProperty: {
            os_objectlookup_id: 'Ext__c',
            profile_url: 'LinkedIn_URL__c',
            email: 'Work_Email__c',
          },
        }),
      );
      expect(keys).toEqual([
        { field: 'Ext__c', value: 'X-1' },
        { field: 'LinkedIn_URL__c', value: PROFILE },
        { field: 'Work_Email__c', value: 'ana@acme.test' },
      ]);
    });

    it('also searches the id fields the Salesforce save rules store, and Email when none is named', () => {
      const keys = lookupKeys(
        event({ objectLookupId: CONTACT_ID }),
        optional({ objectLookupIdField: 'Ext__c', objectDefaultSearchProperty: 'Id' }),
      );
      expect(keys).toEqual([
        { field: 'Ext__c', value: CONTACT_ID },
        { field: 'Id', value: CONTACT_ID },
        { field: 'Email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out the keys whose value the event lacks', () => {
      const keys = lookupKeys(
        heyreach({ lead: { ...event().lead, profileUrl: null } }),
        optional({
          optionalAlternativeProperty: { os_objectlookup_id: 'Ext__c', profile_url: 'Li__c' },
        }),
      );
      expect(keys).toEqual([{ field: 'Email', value: 'ana@acme.test' }]);
    });
  });
});

describe('isRecordIdField', () => {
  it('recognises Id in any case, and nothing else', () => {
    expect(['Id', 'ID', 'id'].map(isRecordIdField)).toEqual([true, true, true]);
    expect(['Ids', 'OwnerId', 'Email'].map(isRecordIdField)).toEqual([false, false, false]);
  });
});
