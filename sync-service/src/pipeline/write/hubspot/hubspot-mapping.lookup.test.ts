// The HubSpot mapping's contact lookup: the lookup keys of each lookup method (lookupKeys) and the
// properties they are written into (identityProperties). Fixtures in
// hubspot-mapping.test-support.ts.
import { identityProperties, lookupKeys, type HubspotWriteSettings } from './hubspot-mapping';
import { PROFILE, event, social, emptyLead, settings } from './hubspot-mapping.test-support';

describe('lookupKeys', () => {
  describe('default', () => {
    it('finds an e-mail platform lead by e-mail only', () => {
      expect(lookupKeys(event(), settings())).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('has no key for an e-mail platform lead without e-mail (nor an empty one)', () => {
      expect(lookupKeys(event({ lead: emptyLead }), settings())).toEqual([]);
      expect(lookupKeys(event({ lead: { ...emptyLead, email: '' } }), settings())).toEqual([]);
    });

    it('finds a HeyReach lead by hs_linkedin_url, then by e-mail', () => {
      expect(lookupKeys(social(), settings({ emailService: 'heyreach' }))).toEqual([
        { property: 'hs_linkedin_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it("searches HeyReach's profile URL in the webhook's default search property", () => {
      expect(
        lookupKeys(
          social({ lead: { ...emptyLead, profileUrl: PROFILE } }),
          settings({ objectDefaultSearchProperty: 'linkedin_profile' }),
        ),
      ).toEqual([{ property: 'linkedin_profile', value: PROFILE }]);
    });

    it('ignores os_objectlookup_id', () => {
      expect(lookupKeys(event(), settings({ objectLookupIdField: 'crm_id' }))).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });
  });

  describe('AlternativeProperty', () => {
    const alternative = settings({
      objectLookupMethod: 'AlternativeProperty',
      objectLookupIdField: 'crm_id',
    });

    it('searches os_objectlookup_id in the lookup field first, then the default keys', () => {
      expect(lookupKeys(event(), alternative)).toEqual([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(social(), alternative)).toEqual([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'hs_linkedin_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('falls back to the default keys for an event without the value or a webhook without the field', () => {
      expect(lookupKeys(event({ objectLookupId: null }), alternative)).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(event({ objectLookupId: '' }), alternative)).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(event(), settings({ objectLookupMethod: 'AlternativeProperty' }))).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out a key that repeats an earlier one', () => {
      expect(
        lookupKeys(
          event({ objectLookupId: 'ana@acme.test' }),
          settings({ objectLookupMethod: 'AlternativeProperty', objectLookupIdField: 'email' }),
        ),
      ).toEqual([{ property: 'email', value: 'ana@acme.test' }]);
    });
  });

  describe('OptionalAlternativeProperty', () => {
    const optional = (names: HubspotWriteSettings['optionalAlternativeProperty']) =>
      settings({
        objectLookupMethod: 'OptionalAlternativeProperty',
        optionalAlternativeProperty: names,
      });

    it('searches os_objectlookup_id, profile URL, e-mail in that order, each in its named property', () => {
      expect(
        lookupKeys(
          social(),
          optional({ os_objectlookup_id: 'crm_id', profile_url: 'li_url', email: 'work_email' }),
        ),
      ).toEqual([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'li_url', value: PROFILE },
        { property: 'work_email', value: 'ana@acme.test' },
      ]);
    });

    it('searches the e-mail in `email` when no property is named for it, and skips unnamed ones', () => {
      expect(lookupKeys(social(), optional({ profile_url: 'li_url' }))).toEqual([
        { property: 'li_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]);
      expect(lookupKeys(event(), optional(null))).toEqual([
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('searches os_objectlookup_id in the lookup selection (objectLookupIdField) for the e-mail platforms, whose saved settings name no other', () => {
      expect(
        lookupKeys(
          event(),
          settings({
            objectLookupMethod: 'OptionalAlternativeProperty',
            objectLookupIdField: 'crm_id',
            optionalAlternativeProperty: null,
          }),
        ),
      ).toEqual([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'email', value: 'ana@acme.test' },
      ]);
    });

    it('leaves out the keys whose value the event lacks', () => {
      expect(
        lookupKeys(
          social({ objectLookupId: null, lead: { ...emptyLead, email: 'ana@acme.test' } }),
          optional({ os_objectlookup_id: 'crm_id', profile_url: 'li_url' }),
        ),
      ).toEqual([{ property: 'email', value: 'ana@acme.test' }]);
    });

    it('does not add the default social property', () => {
      expect(
        lookupKeys(
          social({ objectLookupId: null }),
          settings({
            objectLookupMethod: 'OptionalAlternativeProperty',
            objectDefaultSearchProperty: 'hs_linkedin_url',
          }),
        ),
      ).toEqual([{ property: 'email', value: 'ana@acme.test' }]);
    });
  });
});

describe('identityProperties', () => {
  it('writes each lookup value into its property', () => {
    expect(
      identityProperties([
        { property: 'crm_id', value: 'OBJ-1' },
        { property: 'hs_linkedin_url', value: PROFILE },
        { property: 'email', value: 'ana@acme.test' },
      ]),
    ).toEqual({ crm_id: 'OBJ-1', hs_linkedin_url: PROFILE, email: 'ana@acme.test' });
    expect(identityProperties([])).toEqual({});
  });
});
