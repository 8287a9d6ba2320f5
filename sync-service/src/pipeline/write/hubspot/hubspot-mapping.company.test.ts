// The HubSpot mapping's company of a lead (companyOf). Fixtures in hubspot-mapping.test-support.ts.
import { companyOf } from './hubspot-mapping';
import { event, emptyLead, settings } from './hubspot-mapping.test-support';

describe('companyOf', () => {
  const companies = settings({ createOrUpdateCompany: true });

  it("answers the lead's company by domain, named after the lead's company", () => {
    expect(companyOf(event(), companies)).toEqual({
      domain: 'acme.test',
      properties: { domain: 'acme.test', name: 'Acme' },
    });
  });

  it("names it after the contact's company when the event names none, the event's winning", () => {
    const unnamed = event({ lead: { ...emptyLead, domain: 'acme.test' } });
    expect(companyOf(unnamed, companies, 'Paidplan Widgets GmbH')?.properties.name).toBe(
      'Paidplan Widgets GmbH',
    );
    expect(companyOf(event(), companies, 'Paidplan Widgets GmbH')?.properties.name).toBe('Acme');
  });

  it('names a company neither the lead nor its contact names after its domain', () => {
    expect(companyOf(event({ lead: { ...emptyLead, domain: 'acme.test' } }), companies)).toEqual({
      domain: 'acme.test',
      properties: { domain: 'acme.test', name: 'acme.test' },
    });
  });

  it('gives the owner only with assignCompanyOwner and an owner', () => {
    expect(
      companyOf(event(), settings({ createOrUpdateCompany: true, assignCompanyOwner: true })),
    ).toEqual({
      domain: 'acme.test',
      properties: { domain: 'acme.test', name: 'Acme', hubspot_owner_id: '9001' },
    });
    expect(
      companyOf(
        event(),
        settings({ createOrUpdateCompany: true, assignCompanyOwner: true, hubspotOwnerId: '' }),
      )?.properties,
    ).toEqual({ domain: 'acme.test', name: 'Acme' });
    expect(
      companyOf(event(), settings({ createOrUpdateCompany: true, assignContactOwner: true }))
        ?.properties,
    ).toEqual({ domain: 'acme.test', name: 'Acme' });
  });

  it('answers none when the webhook does not create companies or the lead has no domain', () => {
    expect(companyOf(event(), settings())).toBeNull();
    expect(companyOf(event({ lead: { ...emptyLead, company: 'Acme' } }), companies)).toBeNull();
    expect(companyOf(event({ lead: { ...emptyLead, domain: '' } }), companies)).toBeNull();
  });
});
