// The Salesforce mapping of a new Contact's Account (salesforce-account-mapping.ts): which
// Account a lead's company is, how the org's Accounts are recognised, and what a new one holds.
// Fixtures in salesforce-mapping.test-support.ts.
import type { CanonicalLead } from '@outsync/contracts/sync';
import {
  matchAccount,
  newAccountFields,
  wantedAccount,
  websiteDomain,
  websiteSpellings,
  type WantedAccount,
} from './salesforce-account-mapping';
import { event, settings } from './salesforce-mapping.test-support';
import { TEST_LEAD } from '../write-test-events';

const OWNER = '005000000000001AAA';
const leadItem = (lead: Partial<CanonicalLead>, owner = OWNER) => ({
  event: event({ lead: { ...TEST_LEAD, ...lead } }),
  settings: settings({ hubspotOwnerId: owner }),
});
const ACME: WantedAccount = {
  key: 'domain:acme.test',
  domain: 'acme.test',
  name: 'Acme',
  owner: OWNER,
};

describe('wantedAccount', () => {
  it("is the lead's domain and company, owned by the selected user", () => {
    expect(wantedAccount([leadItem({})])).toEqual(ACME);
  });

  it("takes the latest event's company and domain, and the first event's owner", () => {
    expect(
      wantedAccount([
        leadItem({ company: 'Acme Old', domain: 'ACME.test' }),
        leadItem({ company: ' Acme ', domain: null }, ''),
        leadItem({ company: null }, ''),
      ]),
    ).toEqual(ACME);
  });

  it('is keyed by the name when the lead has no domain; none without either; no owner without one', () => {
    expect(wantedAccount([leadItem({ domain: null, company: 'Acme GmbH' }, '')])).toEqual({
      key: 'name:acme gmbh',
      domain: null,
      name: 'Acme GmbH',
      owner: null,
    });
    expect(wantedAccount([leadItem({ domain: null, company: '  ' })])).toBeNull();
    expect(wantedAccount([])).toBeNull();
  });
});

describe('newAccountFields', () => {
  it('names the Account after the company, else the domain; Website the domain; the owner', () => {
    expect(newAccountFields(ACME)).toEqual({ Name: 'Acme', Website: 'acme.test', OwnerId: OWNER });
    expect(newAccountFields({ ...ACME, name: null, owner: null })).toEqual({
      Name: 'acme.test',
      Website: 'acme.test',
    });
    expect(newAccountFields({ ...ACME, domain: null, name: 'x'.repeat(300) })).toEqual({
      Name: 'x'.repeat(255),
      OwnerId: OWNER,
    });
  });
});

describe('websiteSpellings and websiteDomain', () => {
  it('spells a domain as people type it in Website', () => {
    expect(websiteSpellings('acme.test')).toEqual([
      'acme.test',
      'acme.test/',
      'www.acme.test',
      'www.acme.test/',
      'http://acme.test',
      'http://acme.test/',
      'http://www.acme.test',
      'http://www.acme.test/',
      'https://acme.test',
      'https://acme.test/',
      'https://www.acme.test',
      'https://www.acme.test/',
    ]);
  });

  it.each([
    ['acme.test', 'acme.test'],
    ['https://WWW.Acme.test/en?x=1', 'acme.test'],
    ['http://acme.test:8080', 'acme.test'],
    [' www.acme.test ', 'acme.test'],
    ['', null],
    [null, null],
  ])('reads the host of %p: %p', (website, domain) => {
    expect(websiteDomain(website)).toBe(domain);
  });
});

describe('matchAccount', () => {
  const account = (Id: string, fields: Record<string, unknown>) => ({ Id, ...fields });

  it("takes the oldest Account whose Website is the lead's domain, whatever its name", () => {
    const byWebsite = [
      account('001NEW', {
        Website: 'acme.test',
        Name: 'Acme',
        CreatedDate: '2026-01-01T00:00:00.000+0000',
      }),
      account('001OLD', {
        Website: 'https://www.acme.test/',
        Name: 'Acme Holding',
        CreatedDate: '2020-01-01T00:00:00.000+0000',
      }),
      account('001BETA', {
        Website: 'beta.test',
        Name: 'Acme',
        CreatedDate: '2019-01-01T00:00:00.000+0000',
      }),
    ];
    expect(matchAccount(ACME, byWebsite, [])?.Id).toBe('001OLD');
  });

  it('falls back to an Account of the company name without a website, never one of another website', () => {
    const byName = [
      account('001OTHER', {
        Name: 'Acme',
        Website: 'acme.io',
        CreatedDate: '2019-01-01T00:00:00.000+0000',
      }),
      account('001BARE', {
        Name: 'ACME ',
        Website: null,
        CreatedDate: '2021-01-01T00:00:00.000+0000',
      }),
      account('001MORE', {
        Name: 'Acme Two',
        Website: null,
        CreatedDate: '2018-01-01T00:00:00.000+0000',
      }),
    ];
    expect(matchAccount(ACME, [], byName)?.Id).toBe('001BARE');
    expect(matchAccount(ACME, [], byName.slice(0, 1))).toBeUndefined();
    // A lead without a domain has no website to disagree with.
    expect(matchAccount({ ...ACME, domain: null }, [], byName)?.Id).toBe('001OTHER');
  });
});
