// The HubSpot mapping's company of a lead (companyOf) and what it fills in on one HubSpot already
// has (companyFill). Fixtures in hubspot-mapping.test-support.ts.
import { companyFill, companyOf } from './hubspot-mapping';
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

describe('companyFill', () => {
  const acme = (properties: Record<string, string>) => ({
    domain: 'acme.test',
    properties: { domain: 'acme.test', ...properties },
  });

  it.each([
    null,
    undefined,
    '',
    '  ',
    'acme.test',
    'ACME.test',
    'www.acme.test',
    'https://acme.test/',
  ])("fills a placeholder name (%p) with the lead's company", (name) => {
    expect(companyFill({ name }, acme({ name: 'Acme' }))).toEqual({ name: 'Acme' });
  });

  it('never renames a company the customer named, nor fills a placeholder with the domain', () => {
    expect(companyFill({ name: 'Acme Holding' }, acme({ name: 'Acme' }))).toEqual({});
    expect(companyFill({ name: 'acme.test.io' }, acme({ name: 'Acme' }))).toEqual({});
    expect(companyFill({ name: '' }, acme({ name: 'acme.test' }))).toEqual({});
    expect(companyFill({ name: 'Acme' }, acme({ name: 'Acme' }))).toEqual({});
  });

  it('gives the owner only to a company without one, and only the owner the company step would give', () => {
    const owned = acme({ name: 'Acme', hubspot_owner_id: '9001' });
    expect(companyFill({ name: 'Acme', hubspot_owner_id: null }, owned)).toEqual({
      hubspot_owner_id: '9001',
    });
    expect(companyFill({ name: 'Acme', hubspot_owner_id: ' ' }, owned)).toEqual({
      hubspot_owner_id: '9001',
    });
    expect(companyFill({ name: 'Acme', hubspot_owner_id: '77' }, owned)).toEqual({});
    expect(companyFill({ name: 'Acme' }, acme({ name: 'Acme' }))).toEqual({});
  });

  it("fills both from what companyOf answers for the webhook's settings", () => {
    const company = companyOf(
      event(),
      settings({ createOrUpdateCompany: true, assignCompanyOwner: true }),
    );
    expect(company && companyFill({ name: 'acme.test' }, company)).toEqual({
      name: 'Acme',
      hubspot_owner_id: '9001',
    });
  });
});
