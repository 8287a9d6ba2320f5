import {
  checkAll,
  companyDomains,
  domains,
  emailAddresses,
  mergeChecked,
  profileUrls,
  sample,
} from './block-values';

describe('emailAddresses', () => {
  it('trims and lower-cases addresses, keeping the first order and dropping repeats', () => {
    expect(
      emailAddresses(['  Bob@Acme.COM ', 'ann@acme.com', 'bob@acme.com', 'ANN@ACME.COM']),
    ).toEqual({
      valid: ['bob@acme.com', 'ann@acme.com'],
      invalid: [],
    });
  });

  it('keeps free-mail addresses: the address alone is blocked', () => {
    expect(emailAddresses(['jane.doe@gmail.com']).valid).toEqual(['jane.doe@gmail.com']);
  });

  it('accepts the characters RFC 5322 allows in a local part', () => {
    expect(
      emailAddresses(["o'neil+news_1.x-y@sub.acme.co.uk", 'a{b}|c~d=e?f^g`h#i$j%k&l*m/n!@acme.io'])
        .valid,
    ).toEqual(["o'neil+news_1.x-y@sub.acme.co.uk", 'a{b}|c~d=e?f^g`h#i$j%k&l*m/n!@acme.io']);
  });

  it('writes an international domain in punycode and keeps a non-Latin local part', () => {
    expect(emailAddresses(['info@Bücher.de', 'Иван@пример.рф']).valid).toEqual([
      'info@xn--bcher-kva.de',
      'иван@xn--e1afmkfd.xn--p1ai',
    ]);
  });

  it('counts missing and blank values as not synced', () => {
    expect(emailAddresses([null, undefined, '', '   '])).toEqual({
      valid: [],
      invalid: [
        { value: '', reason: 'no value' },
        { value: '', reason: 'no value' },
        { value: '', reason: 'no value' },
        { value: '', reason: 'no value' },
      ],
    });
  });

  it.each([
    'bob',
    'acme.com',
    '@acme.com',
    'bob@',
    'bob@acme',
    'bob smith@acme.com',
    'bob@@acme.com',
    '.bob@acme.com',
    'bob.@acme.com',
    'bob..smith@acme.com',
    'Bob <bob@acme.com>',
    'bob@acme..com',
    'bob@acme.com.',
    'bob@-acme.com',
    'bob@acme-.com',
    'bob@ac_me.com',
    'bob@192.168.0.1',
    'bob@[127.0.0.1]',
    'bob@acme.com/x',
    'bob@acme.com\\x',
    'bob@ac%41me.com',
    'bob@acme.com:25',
    'bob@acme\u0000.com',
    `${'a'.repeat(65)}@acme.com`,
  ])('refuses %j as not an e-mail address, trimmed as given', (value) => {
    expect(emailAddresses([` ${value} `])).toEqual({
      valid: [],
      invalid: [{ value, reason: 'not an e-mail address' }],
    });
  });

  it('accepts a local part of exactly 64 characters and labels of 63', () => {
    const local = 'a'.repeat(64);
    const label = 'b'.repeat(63);
    expect(emailAddresses([`${local}@${label}.com`]).valid).toEqual([`${local}@${label}.com`]);
  });

  it('accepts one-character labels and hyphens inside labels', () => {
    expect(emailAddresses(['x@a.b-c.io']).valid).toEqual(['x@a.b-c.io']);
  });
});

describe('domains', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  ACME.com ', 'acme.com'],
    ['https://www.acme.com/about?x=1#top', 'acme.com'],
    ['http://Shop.Acme.co.uk:8080', 'shop.acme.co.uk'],
    ['acme.com/', 'acme.com'],
    ['acme.com?ref=1', 'acme.com'],
    ['acme.com#x', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['acme.com:', 'acme.com'],
    ['www.acme.com', 'acme.com'],
    ['WWW.Acme.Com', 'acme.com'],
    ['www2.acme.com', 'www2.acme.com'],
    ['mywww.acme.com', 'mywww.acme.com'],
    ['sub.www.acme.com', 'sub.www.acme.com'],
    ['www.com', 'www.com'],
    ['bob@acme.com', 'acme.com'],
    ['https://user@acme.com/path', 'acme.com'],
    ['ftp://acme.com', 'acme.com'],
    ['acme.com/go?to=https://evil.io', 'acme.com'],
    ['https://acme.com/a\nb', 'acme.com'],
    ['www.acme', 'www.acme'],
    ['Bücher.de', 'xn--bcher-kva.de'],
    ['https://www.пример.рф/', 'xn--e1afmkfd.xn--p1ai'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['a.io', 'a.io'],
  ])('reads %j as %j', (value, domain) => {
    expect(domains([value])).toEqual({ valid: [domain], invalid: [] });
  });

  it.each([
    ['192.168.0.1', 'an IP address, not a domain'],
    ['https://10.0.0.1:8080/x', 'an IP address, not a domain'],
    ['0x7f.1', 'an IP address, not a domain'],
    ['acme.123', 'not a domain'],
    ['ac%41me.com', 'not a domain'],
    ['acme.com\\x', 'not a domain'],
    ['acme\t.com', 'not a domain'],
    ['acme.com:80x', 'not a domain'],
    ['[::1]', 'an IP address, not a domain'],
    ['http://[2001:db8::1]/', 'an IP address, not a domain'],
    ['localhost', 'a single label, not a domain'],
    ['https://intranet/', 'a single label, not a domain'],
    ['www.', 'a single label, not a domain'],
    ['acme..com', 'not a domain'],
    ['.acme.com', 'not a domain'],
    ['-acme.com', 'not a domain'],
    ['acme-.com', 'not a domain'],
    ['ac_me.com', 'not a domain'],
    ['acme com', 'not a domain'],
    ['xn--zz.com', 'not a domain'],
    ['::1', 'not a domain'],
    [`${'a'.repeat(64)}.com`, 'not a domain'],
    [`${'abcdefghi.'.repeat(25)}abc.com`, 'not a domain'],
    ['gmail.com', 'a free-mail domain, blocking it would block everyone on it'],
    ['https://www.GMAIL.com', 'a free-mail domain, blocking it would block everyone on it'],
    ['jane@gmx.de', 'a free-mail domain, blocking it would block everyone on it'],
  ])('refuses %j: %s', (value, reason) => {
    expect(domains([value])).toEqual({ valid: [], invalid: [{ value, reason }] });
  });

  it('accepts a domain of exactly 253 characters', () => {
    const domain = `${'abcdefghi.'.repeat(24)}abcdefghi.com`;
    expect(domain).toHaveLength(253);
    expect(domains([domain]).valid).toEqual([domain]);
  });

  it('keeps the first order and drops repeats written differently', () => {
    expect(domains(['beta.io', 'https://www.acme.com', 'ACME.COM', 'bob@beta.io', null])).toEqual({
      valid: ['beta.io', 'acme.com'],
      invalid: [{ value: '', reason: 'no value' }],
    });
  });
});

describe('companyDomains', () => {
  it('blocks every domain of a company: domain and the ;-separated additional domains', () => {
    expect(
      companyDomains([
        { domain: 'acme.com', hs_additional_domains: 'acme.de; www.acme.fr ;acme.com' },
        { domain: 'Beta.io', hs_additional_domains: null },
        { domain: 'gamma.org' },
      ]),
    ).toEqual({ valid: ['acme.com', 'acme.de', 'acme.fr', 'beta.io', 'gamma.org'], invalid: [] });
  });

  it('ignores empty entries of the additional domains', () => {
    expect(companyDomains([{ domain: 'acme.com', hs_additional_domains: ';; ;acme.de;' }])).toEqual(
      {
        valid: ['acme.com', 'acme.de'],
        invalid: [],
      },
    );
  });

  it('uses the additional domains alone when the primary domain is missing', () => {
    expect(companyDomains([{ domain: ' ', hs_additional_domains: 'acme.de' }])).toEqual({
      valid: ['acme.de'],
      invalid: [],
    });
  });

  it('counts a company without any domain once as not synced', () => {
    expect(companyDomains([{ domain: null, hs_additional_domains: ' ; ' }, {}])).toEqual({
      valid: [],
      invalid: [
        { value: '', reason: 'no value' },
        { value: '', reason: 'no value' },
      ],
    });
  });

  it('reports each invalid domain of a company with its reason', () => {
    expect(
      companyDomains([{ domain: 'acme.com', hs_additional_domains: 'localhost;10.0.0.1' }]),
    ).toEqual({
      valid: ['acme.com'],
      invalid: [
        { value: 'localhost', reason: 'a single label, not a domain' },
        { value: '10.0.0.1', reason: 'an IP address, not a domain' },
      ],
    });
  });
});

describe('profileUrls', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['https://www.linkedin.com/in/Jane-Doe/', 'https://www.linkedin.com/in/jane-doe'],
    ['http://linkedin.com/in/jane-doe?trk=abc#x', 'https://www.linkedin.com/in/jane-doe'],
    ['linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['www.linkedin.com/in/jane_doe-123', 'https://www.linkedin.com/in/jane_doe-123'],
    [
      'https://de.linkedin.com/in/jane-doe/details/experience/',
      'https://www.linkedin.com/in/jane-doe',
    ],
    ['https://M.LinkedIn.com/in/JANE', 'https://www.linkedin.com/in/jane'],
    [
      'https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller',
      'https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller',
    ],
    [
      'https://www.linkedin.com/in/Jörg-Müller',
      'https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller',
    ],
    ['https://www.linkedin.com/in/J%C3%96RG', 'https://www.linkedin.com/in/j%C3%B6rg'],
    ['https://www.linkedin.com/in/acme', 'https://www.linkedin.com/in/acme'],
    ['https://www.linkedin.com/in/jacoaab', 'https://www.linkedin.com/in/jacoaab'],
    ['linkedin.com/in/jane?u=https://x.io', 'https://www.linkedin.com/in/jane'],
    [
      `https://www.linkedin.com/in/${'a'.repeat(100)}`,
      `https://www.linkedin.com/in/${'a'.repeat(100)}`,
    ],
  ])('reads %j as %j', (value, url) => {
    expect(profileUrls([value])).toEqual({ valid: [url], invalid: [] });
  });

  it.each([
    ['jane-doe', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/company/acme', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/pub/jane-doe/12/345/678', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/in/', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/feed/in/jane', 'not a LinkedIn profile URL'],
    ['https://notlinkedin.com/in/jane', 'not a LinkedIn profile URL'],
    ['https://linkedin.com.evil.io/in/jane', 'not a LinkedIn profile URL'],
    ['https://evil.io/linkedin.com/in/jane', 'not a LinkedIn profile URL'],
    ['ftp://www.linkedin.com/in/jane', 'not a LinkedIn profile URL'],
    ['xhttps://www.linkedin.com/in/jane', 'not a LinkedIn profile URL'],
    ['mailto:jane@linkedin.com', 'not a LinkedIn profile URL'],
    ['http://[::1', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/in/jane%ZZ', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/in/jane.doe', 'not a LinkedIn profile URL'],
    ['https://www.linkedin.com/in/jane%20doe', 'not a LinkedIn profile URL'],
    [`https://www.linkedin.com/in/${'a'.repeat(101)}`, 'not a LinkedIn profile URL'],
    [
      'https://www.linkedin.com/sales/lead/ACwAAA1b2c3,NAME_SEARCH,xyz',
      'a Sales Navigator URL, not a public profile URL',
    ],
    [
      'https://www.linkedin.com/sales/people/ACoAAB2x',
      'a Sales Navigator URL, not a public profile URL',
    ],
    [
      'https://www.linkedin.com/in/ACoAAB2xYz0123456789',
      'a LinkedIn member id, not a public profile URL',
    ],
    ['https://www.linkedin.com/in/acwaaa1b2c3', 'a LinkedIn member id, not a public profile URL'],
  ])('refuses %j: %s', (value, reason) => {
    expect(profileUrls([value])).toEqual({ valid: [], invalid: [{ value, reason }] });
  });

  it('keeps the first order and drops repeats written differently', () => {
    expect(
      profileUrls([
        'https://www.linkedin.com/in/zed',
        'https://www.linkedin.com/in/amy',
        'linkedin.com/in/ZED/',
        '',
      ]),
    ).toEqual({
      valid: ['https://www.linkedin.com/in/zed', 'https://www.linkedin.com/in/amy'],
      invalid: [{ value: '', reason: 'no value' }],
    });
  });
});

describe('checkAll and mergeChecked', () => {
  it('hands the check the trimmed text and keeps it as the invalid value', () => {
    const seen: string[] = [];
    const result = checkAll([' a ', 'b'], (text) => {
      seen.push(text);
      return text === 'a' ? { value: 'A' } : { reason: 'not a' };
    });
    expect(seen).toEqual(['a', 'b']);
    expect(result).toEqual({ valid: ['A'], invalid: [{ value: 'b', reason: 'not a' }] });
  });

  it('merges two results, deduplicating the valid values in order', () => {
    expect(
      mergeChecked(
        { valid: ['a', 'b'], invalid: [{ value: 'x', reason: 'r1' }] },
        { valid: ['b', 'c'], invalid: [{ value: 'y', reason: 'r2' }] },
      ),
    ).toEqual({
      valid: ['a', 'b', 'c'],
      invalid: [
        { value: 'x', reason: 'r1' },
        { value: 'y', reason: 'r2' },
      ],
    });
  });
});

describe('sample', () => {
  const invalid = [
    { value: 'a', reason: 'not an e-mail address' },
    { value: '', reason: 'no value' },
    { value: 'localhost', reason: 'a single label, not a domain' },
  ];

  it('answers the first n invalid values with their reasons', () => {
    expect(sample(invalid, 2)).toEqual([
      { value: 'a', reason: 'not an e-mail address' },
      { value: '', reason: 'no value' },
    ]);
  });

  it('answers all of them when there are fewer than n, and none for n ≤ 0', () => {
    expect(sample(invalid, 10)).toHaveLength(3);
    expect(sample(invalid, 0)).toEqual([]);
    expect(sample(invalid, -1)).toEqual([]);
  });
});
