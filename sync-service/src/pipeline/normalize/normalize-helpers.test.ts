import {
  asEmail,
  category,
  asProfileUrl,
  asText,
  asTimestamp,
  collectTags,
  companyDomain,
  customFieldValue,
  FREE_MAIL_DOMAINS,
  isFreeMailDomain,
  platformEventId,
  readInteger,
  readPath,
  readText,
  websiteDomain,
} from './normalize-helpers';

describe('readers', () => {
  it('read dotted paths through objects and arrays', () => {
    const root = { data: { to: [{ address: 'a@b.io' }], n: 0 } };
    expect(readPath(root, 'data.to.0.address')).toBe('a@b.io');
    expect(readPath(root, 'data.to.1.address')).toBeUndefined();
    expect(readPath(root, 'data.n.x')).toBeUndefined();
    expect(readPath(root, 'data.to.length')).toBeUndefined();
  });

  it('text: trimmed, numbers as strings, empty and other kinds as null', () => {
    expect(asText('  a b ')).toBe('a b');
    expect(asText(42)).toBe('42');
    expect(asText(0)).toBe('0');
    expect(asText(Number.NaN)).toBeNull();
    expect(asText(Number.POSITIVE_INFINITY)).toBeNull();
    expect(asText('   ')).toBeNull();
    expect(asText(true)).toBeNull();
    expect(asText({})).toBeNull();
    expect(readText({ a: '', b: ' x ' }, 'a', 'b')).toBe('x');
    expect(readText({}, 'a')).toBeNull();
  });

  it('e-mails: lower-cased and trimmed; a value without @ is none', () => {
    expect(asEmail(' Jo@Example.COM ')).toBe('jo@example.com');
    expect(asEmail('not an address')).toBeNull();
    expect(asEmail(null)).toBeNull();
  });

  it('integers from numbers or numeric strings', () => {
    expect(readInteger({ a: '3' }, 'a')).toBe(3);
    expect(readInteger({ a: 2 }, 'a')).toBe(2);
    expect(readInteger({ a: 'two', b: 1.5, c: 4 }, 'a', 'b', 'c')).toBe(4);
    expect(readInteger({}, 'a')).toBeNull();
  });
});

describe('timestamps', () => {
  it('ISO strings become ISO UTC', () => {
    expect(asTimestamp('2026-03-10T09:05:09+02:00')).toBe('2026-03-10T07:05:09.000Z');
    expect(asTimestamp('2026-03-10T14:05:09.417000Z')).toBe('2026-03-10T14:05:09.417Z');
  });

  // Only a host away from UTC shows a zone-less time misread as local: the mutation run sets one.
  it('a date-time without a zone is UTC, whatever the host’s zone', () => {
    expect(asTimestamp('2026-03-10 14:05:09')).toBe('2026-03-10T14:05:09.000Z');
    expect(asTimestamp('2026-03-10T14:05')).toBe('2026-03-10T14:05:00.000Z');
    expect(asTimestamp('2026-03-10 14:05:09.5')).toBe('2026-03-10T14:05:09.500Z');
    expect(asTimestamp('2026-03-10T14:05:09.125')).toBe('2026-03-10T14:05:09.125Z');
    expect(asTimestamp('2026-03-10T14:05:09+01:00')).toBe('2026-03-10T13:05:09.000Z');
  });

  it('epoch seconds and milliseconds, as numbers or strings', () => {
    expect(asTimestamp(1773151509)).toBe('2026-03-10T14:05:09.000Z');
    expect(asTimestamp('1773151509')).toBe('2026-03-10T14:05:09.000Z');
    expect(asTimestamp(1773151509417)).toBe('2026-03-10T14:05:09.417Z');
    expect(asTimestamp('1773151509.5')).toBe('2026-03-10T14:05:09.500Z');
    expect(asTimestamp('1773151509.25')).toBe('2026-03-10T14:05:09.250Z');
    expect(asTimestamp(99_999_999_999)).toBe('5138-11-16T09:46:39.000Z');
    expect(asTimestamp(100_000_000_000)).toBe('1973-03-03T09:46:40.000Z');
  });

  it('anything else is no time', () => {
    expect(asTimestamp('yesterday')).toBeNull();
    expect(asTimestamp('')).toBeNull();
    expect(asTimestamp(null)).toBeNull();
    expect(asTimestamp(1e20)).toBeNull();
  });
});

describe('lead identity and company', () => {
  it('free-mail domains, with gmx.* and yandex.* in every country', () => {
    expect(FREE_MAIL_DOMAINS).toEqual([
      'gmail.com',
      'googlemail.com',
      'yahoo.com',
      'hotmail.com',
      'outlook.com',
      'icloud.com',
      'aol.com',
      'proton.me',
      'protonmail.com',
      'mail.ru',
      'live.com',
      'msn.com',
    ]);
    for (const domain of [
      'gmail.com',
      ' Hotmail.com ',
      'gmx.de',
      'gmx.net',
      'yandex.ru',
      'msn.com',
    ]) {
      expect(isFreeMailDomain(domain)).toBe(true);
    }
    for (const domain of ['acme.com', 'mygmx.de', 'gmail.co', 'yandexcloud.net']) {
      expect(isFreeMailDomain(domain)).toBe(false);
    }
  });

  it('a website’s host without www., with or without a scheme; LinkedIn is no company', () => {
    expect(websiteDomain('https://www.Acme.com/about?x=1')).toBe('acme.com');
    expect(websiteDomain('www.acme.co.uk')).toBe('acme.co.uk');
    expect(websiteDomain('http://shop.acme.com')).toBe('shop.acme.com');
    expect(websiteDomain('https://www.linkedin.com/company/acme')).toBeNull();
    expect(websiteDomain('https://uk.linkedin.com/company/acme')).toBeNull();
    expect(websiteDomain('notlinkedin.com')).toBe('notlinkedin.com');
    expect(websiteDomain('https://linkedin.community.org')).toBe('linkedin.community.org');
    expect(websiteDomain('https://awww.example.com')).toBe('awww.example.com');
    expect(websiteDomain('acme.com/go?to=https://other.io')).toBe('acme.com');
    expect(websiteDomain('localhost')).toBeNull();
    expect(websiteDomain('http://exa mple.com')).toBeNull();
    expect(websiteDomain(null)).toBeNull();
  });

  it('the company domain: the website, else the e-mail’s unless free mail', () => {
    expect(companyDomain('https://acme.com', 'jo@other.io')).toBe('acme.com');
    expect(companyDomain(null, 'jo@other.io')).toBe('other.io');
    expect(companyDomain('https://linkedin.com/company/x', 'jo@other.io')).toBe('other.io');
    expect(companyDomain(null, 'jo@gmail.com')).toBeNull();
    expect(companyDomain(null, 'jo@localhost')).toBeNull();
    expect(companyDomain(null, '"jo@home"@corp.io')).toBe('corp.io');
    expect(companyDomain(null, null)).toBeNull();
  });

  it('LinkedIn profiles in one form; other URLs as given', () => {
    const canonical = 'https://www.linkedin.com/in/jordan-avery';
    for (const url of [
      'https://www.linkedin.com/in/jordan-avery',
      'https://www.linkedin.com/in/Jordan-Avery/',
      'http://linkedin.com/in/jordan-avery?trk=x',
      'linkedin.com/in/jordan-avery#about',
      ' WWW.LINKEDIN.COM/in/jordan-avery/details/experience/ ',
      'https://de.linkedin.com/in/jordan-avery',
    ]) {
      expect(asProfileUrl(url)).toBe(canonical);
    }
    expect(asProfileUrl('https://www.linkedin.com/company/acme/')).toBe(
      'https://www.linkedin.com/company/acme/',
    );
    expect(asProfileUrl('https://evil.com/linkedin.com/in/x')).toBe(
      'https://evil.com/linkedin.com/in/x',
    );
    expect(asProfileUrl('')).toBeNull();
  });
});

describe('custom fields and tags', () => {
  it('custom field values from a map or a list of {name, value}', () => {
    expect(customFieldValue({ a: ' 1 ' }, 'a')).toBe('1');
    expect(
      customFieldValue([{ name: 'b' }, { name: 'a', value: '' }, { name: 'a', value: 2 }], 'a'),
    ).toBe('2');
    expect(customFieldValue(['a'], 'a')).toBeNull();
    expect(customFieldValue('a', 'a')).toBeNull();
  });

  it('tags from lists, {name} objects and comma-separated text, each once', () => {
    expect(collectTags(['a', ' b '], 'b, c,,', [{ name: 'd' }, 7, null], undefined)).toEqual([
      'a',
      'b',
      'c',
      'd',
      '7',
    ]);
  });

  it('event identities: the canonical type first, missing secondary ids left out', () => {
    expect(platformEventId('EMAIL_SENT', 's1')).toBe('EMAIL_SENT:s1');
    expect(platformEventId('EMAIL_REPLY', 's1', null, 'm1')).toBe('EMAIL_REPLY:s1:m1');
    expect(platformEventId('EMAIL_REPLY', null, 'm1')).toBeNull();
  });

  it('a category needs an id or a name', () => {
    expect(category('1', null)).toEqual({ id: '1', name: null });
    expect(category(null, 'Hot')).toEqual({ id: null, name: 'Hot' });
    expect(category(null, null)).toBeNull();
  });
});
