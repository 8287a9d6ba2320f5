import { companyBlockValues, contactBlockValues, profileBlockValues } from './transform';

const emails = [
  ' Bob@Acme.com',
  'иван@acme.com',
  'jane@gmail.com',
  'not-an-address',
  null,
  'ann@beta.io',
];

describe('contactBlockValues', () => {
  it('blocks each address for ADDRESS, counting invalid ones first in the not-synced list', () => {
    expect(
      contactBlockValues(emails, {
        platform: 'smartlead',
        blockType: 'ADDRESS',
        useDomainForNonLatin: false,
      }),
    ).toEqual({
      valid: ['bob@acme.com', 'иван@acme.com', 'jane@gmail.com', 'ann@beta.io'],
      invalid: [
        { value: 'not-an-address', reason: 'not an e-mail address' },
        { value: '', reason: 'no value' },
      ],
    });
  });

  it('applies the non-Latin rule for Instantly: the domain instead', () => {
    expect(
      contactBlockValues(emails, {
        platform: 'instantly',
        blockType: 'ADDRESS',
        useDomainForNonLatin: true,
      }).valid,
    ).toEqual(['bob@acme.com', 'acme.com', 'jane@gmail.com', 'ann@beta.io']);
  });

  it('applies the non-Latin rule for Instantly: skipped and counted', () => {
    expect(
      contactBlockValues(emails, {
        platform: 'instantly',
        blockType: 'ADDRESS',
        useDomainForNonLatin: false,
      }),
    ).toEqual({
      valid: ['bob@acme.com', 'jane@gmail.com', 'ann@beta.io'],
      invalid: [
        { value: 'not-an-address', reason: 'not an e-mail address' },
        { value: '', reason: 'no value' },
        {
          value: 'иван@acme.com',
          reason: 'non-Latin address skipped: Instantly does not accept it',
        },
      ],
    });
  });

  it('blocks each address’s domain for DOMAIN, never a free-mail domain', () => {
    expect(
      contactBlockValues(emails, {
        platform: 'bison',
        blockType: 'DOMAIN',
        useDomainForNonLatin: false,
      }),
    ).toEqual({
      valid: ['acme.com', 'beta.io'],
      invalid: [
        {
          value: 'jane@gmail.com',
          reason: 'a free-mail domain, blocking it would block everyone on it',
        },
        { value: 'not-an-address', reason: 'a single label, not a domain' },
        { value: '', reason: 'no value' },
      ],
    });
  });
});

describe('companyBlockValues', () => {
  it('blocks every domain of every company', () => {
    expect(
      companyBlockValues([
        { domain: 'acme.com', hs_additional_domains: 'acme.de;acme.fr' },
        { domain: 'https://www.beta.io/' },
      ]).valid,
    ).toEqual(['acme.com', 'acme.de', 'acme.fr', 'beta.io']);
  });
});

describe('profileBlockValues', () => {
  it('blocks canonical LinkedIn profile URLs', () => {
    expect(
      profileBlockValues(['https://www.linkedin.com/in/Jane-Doe/?trk=x', 'https://acme.com']),
    ).toEqual({
      valid: ['https://www.linkedin.com/in/jane-doe'],
      invalid: [{ value: 'https://acme.com', reason: 'not a LinkedIn profile URL' }],
    });
  });
});
