import { applyNonLatinRule, isNonLatinAddress } from './non-latin';

describe('isNonLatinAddress', () => {
  it.each([
    ['bob@acme.com', false],
    ["o'neil+x~y@acme.com", false],
    ['info@xn--bcher-kva.de', false],
    ['иван@acme.com', true],
    ['josé@acme.com', true],
    ['李@acme.com', true],
    ['bob\u007f@acme.com', true],
  ])('%j → %j', (address, nonLatin) => {
    expect(isNonLatinAddress(address)).toBe(nonLatin);
  });
});

describe('applyNonLatinRule', () => {
  // As emailAddresses answers them: lower-case, international domains in punycode.
  const addresses = ['bob@acme.com', 'иван@xn--e1afmkfd.xn--p1ai', 'josé@beta.io', 'ann@beta.io'];

  it('blocks a non-Latin address by its domain for Instantly with useDomainForNonLatin', () => {
    expect(
      applyNonLatinRule(addresses, { platform: 'instantly', useDomainForNonLatin: true }),
    ).toEqual({
      valid: ['bob@acme.com', 'xn--e1afmkfd.xn--p1ai', 'beta.io', 'ann@beta.io'],
      invalid: [],
    });
  });

  it('blocks a shared domain once when several non-Latin addresses sit on it', () => {
    expect(
      applyNonLatinRule(['иван@acme.com', 'bob@acme.com', 'josé@acme.com'], {
        platform: 'instantly',
        useDomainForNonLatin: true,
      }),
    ).toEqual({ valid: ['acme.com', 'bob@acme.com'], invalid: [] });
  });

  it('skips a non-Latin address for Instantly without useDomainForNonLatin, with the reason', () => {
    expect(
      applyNonLatinRule(addresses, { platform: 'instantly', useDomainForNonLatin: false }),
    ).toEqual({
      valid: ['bob@acme.com', 'ann@beta.io'],
      invalid: [
        {
          value: 'иван@xn--e1afmkfd.xn--p1ai',
          reason: 'non-Latin address skipped: Instantly does not accept it',
        },
        {
          value: 'josé@beta.io',
          reason: 'non-Latin address skipped: Instantly does not accept it',
        },
      ],
    });
  });

  it('never blocks a free-mail domain instead of an address', () => {
    expect(
      applyNonLatinRule(['иван@mail.ru', 'bob@gmail.com'], {
        platform: 'instantly',
        useDomainForNonLatin: true,
      }),
    ).toEqual({
      valid: ['bob@gmail.com'],
      invalid: [
        {
          value: 'иван@mail.ru',
          reason:
            'non-Latin address not blocked by its domain: a free-mail domain, blocking it would block everyone on it',
        },
      ],
    });
  });

  it.each(['smartlead', 'bison', 'heyreach'] as const)(
    'hands %s every address as it is, whatever the flag says',
    (platform) => {
      for (const useDomainForNonLatin of [true, false])
        expect(applyNonLatinRule(addresses, { platform, useDomainForNonLatin })).toEqual({
          valid: addresses,
          invalid: [],
        });
    },
  );
});
