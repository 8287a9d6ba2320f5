import {
  assertPublicUrl,
  isPublicAddress,
  parseAllowHost,
  UnsafeUrlError,
  type HostLookup,
} from './index';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.216.34'],
    ['172.15.255.255'],
    ['172.32.0.1'],
    ['100.63.255.255'],
    ['100.128.0.1'],
    ['169.253.255.255'],
    ['198.17.255.255'],
    ['198.20.0.1'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:81b::200e'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
    ['[2606:4700:4700::1111]'],
  ])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    // IPv4
    ['0.0.0.0', 'this network 0.0.0.0/8'],
    ['0.255.255.255', 'this network 0.0.0.0/8'],
    ['10.0.0.5', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.10', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.255', 'CGNAT 100.64/10'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['198.19.255.255', 'benchmarking 198.18/15'],
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.9', 'documentation TEST-NET-3'],
    ['192.0.0.8', 'IETF protocol assignments'],
    // IPv6
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456:789a::1', 'unique local fc00::/7'],
    ['fe80::1', 'link-local fe80::/10'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf::1', 'link-local fe80::/10'],
    ['ff02::1', 'multicast ff00::/8'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'teredo'],
    ['100::1', 'discard'],
    ['::7f00:1', 'IPv4-compatible (deprecated)'],
    ['4000::1', 'outside 2000::/3'],
    // IPv6 carrying a private IPv4
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.5', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:0:a00:5', 'IPv4-translated private (rfc6145)'],
    ['64:ff9b::a00:5', 'NAT64 of 10.0.0.5'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b:1::a00:5', 'local-use NAT64 (rfc8215)'],
    ['2002:a00:5::1', '6to4 of 10.0.0.5'],
    ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254'],
    ['[::1]', 'bracketed loopback'],
    // Not an address
    ['localhost', 'a name'],
    ['0x7f.1', 'a non-standard IPv4 form'],
    ['0177.0.0.1', 'an octal IPv4 form'],
    ['', 'empty'],
  ])('%s is not public (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

/** A lookup that answers from a table and counts its calls. */
function fakeDns(table: Record<string, string[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
  };
  return Object.assign(lookup, { calls });
}

async function refusal(url: string, options?: Parameters<typeof assertPublicUrl>[1]) {
  try {
    await assertPublicUrl(url, options);
  } catch (error) {
    if (error instanceof UnsafeUrlError) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('assertPublicUrl', () => {
  const dns = fakeDns({
    'api.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'internal.example': ['10.0.0.5'],
    'mixed.example': ['93.184.216.34', '10.0.0.5'],
    'mixed6.example': ['2606:4700:4700::1111', 'fd00::1'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'metadata.example': ['169.254.169.254'],
    localhost: ['127.0.0.1', '::1'],
  });

  it('accepts http(s) URLs whose every address is public', async () => {
    await expect(
      assertPublicUrl('https://api.example.com/v3/objects', { lookup: dns }),
    ).resolves.toBeUndefined();
    await expect(
      assertPublicUrl(new URL('http://api.example.com:8080/'), { lookup: dns }),
    ).resolves.toBeUndefined();
  });

  it('refuses a name that resolves to a private address, naming the address and the host', async () => {
    const error = await refusal('https://internal.example/hook?token=abc', { lookup: dns });
    expect(error.message).toBe(
      'The address 10.0.0.5 of internal.example is private; OutSync does not call private addresses.',
    );
    expect(error.reason).toBe('private_address');
    // Without the query, which may carry a key.
    expect(error.url).toBe('https://internal.example/hook');
  });

  it('refuses a DNS answer that mixes public and private addresses', async () => {
    expect((await refusal('https://mixed.example/', { lookup: dns })).message).toContain(
      '10.0.0.5 of mixed.example',
    );
    expect((await refusal('https://mixed6.example/', { lookup: dns })).message).toContain(
      'fd00::1 of mixed6.example',
    );
  });

  it('judges an IPv4-mapped answer by its IPv4 address', async () => {
    expect((await refusal('http://mapped.example/', { lookup: dns })).message).toContain(
      '::ffff:127.0.0.1',
    );
    expect(
      (await refusal('http://metadata.example/latest/meta-data/', { lookup: dns })).message,
    ).toContain('169.254.169.254');
  });

  it('checks IP-literal URLs without DNS', async () => {
    const calls = dns.calls.length;
    for (const url of [
      'http://10.0.0.5/',
      'http://127.0.0.1:4000/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:10.0.0.5]/',
      'http://[fd00::1]:8080/',
      // WHATWG URL parsing turns these into 127.0.0.1 before anything else sees them.
      'http://0x7f.1/',
      'http://2130706433/',
      'http://0177.0.0.1/',
    ]) {
      const error = await refusal(url, { lookup: dns });
      expect(error.reason).toBe('private_address');
      expect(error.message).toMatch(
        /^The address \S+ is private; OutSync does not call private addresses\.$/,
      );
    }
    await expect(assertPublicUrl('http://8.8.8.8/', { lookup: dns })).resolves.toBeUndefined();
    await expect(
      assertPublicUrl('http://[2606:4700:4700::1111]/', { lookup: dns }),
    ).resolves.toBeUndefined();
    expect(dns.calls.length).toBe(calls);
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of [
      'ftp://api.example.com/',
      'file:///etc/passwd',
      'gopher://api.example.com/',
      'data:text/plain,x',
    ]) {
      const error = await refusal(url, { lookup: dns });
      expect(error.reason).toBe('protocol');
      expect(error.message).toMatch(/^Only http and https URLs can be called; \w+: is neither\.$/);
    }
  });

  it('refuses credentials in the URL, without repeating them', async () => {
    for (const url of [
      'https://user:hunter2@api.example.com/',
      'https://user@api.example.com/',
      'https://:hunter2@api.example.com/',
    ]) {
      const error = await refusal(url, { lookup: dns });
      expect(error.reason).toBe('credentials');
      expect(error.message).toBe(
        'URLs with a user name or password are not called; send credentials in a header.',
      );
      expect(`${error.message} ${error.url}`).not.toContain('hunter2');
      expect(error.url).toBe('https://api.example.com/');
    }
  });

  it('refuses what is not a URL', async () => {
    const error = await refusal('not a url', { lookup: dns });
    expect(error.reason).toBe('invalid_url');
  });

  it('lets DNS failures through as they are', async () => {
    await expect(assertPublicUrl('https://nowhere.example/', { lookup: dns })).rejects.toThrow(
      'ENOTFOUND',
    );
    await expect(
      assertPublicUrl('https://nowhere.example/', { lookup: async () => [] }),
    ).rejects.toThrow('No address found for nowhere.example.');
  });

  it('lets an allow-listed host:port through, and only that port', async () => {
    const options = {
      lookup: dns,
      allowHosts: ['127.0.0.1:4100', 'localhost:4100', 'internal.example'],
    };
    await expect(
      assertPublicUrl('http://127.0.0.1:4100/hubspot', options),
    ).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://localhost:4100/', options)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://LOCALHOST:4100/', options)).resolves.toBeUndefined();
    expect((await refusal('http://127.0.0.1:4101/', options)).reason).toBe('private_address');
    expect((await refusal('http://localhost:80/', options)).message).toContain('of localhost');
    // A host without a port is allowed on every port.
    await expect(assertPublicUrl('https://internal.example/', options)).resolves.toBeUndefined();
    await expect(
      assertPublicUrl('http://internal.example:8080/', options),
    ).resolves.toBeUndefined();
    // Still http(s) only.
    expect((await refusal('ftp://127.0.0.1:4100/', options)).reason).toBe('protocol');
  });

  it('matches default ports and IPv6 entries', async () => {
    const options = { lookup: dns, allowHosts: ['127.0.0.1:80', '[::1]:4100', 'fd00::1'] };
    await expect(assertPublicUrl('http://127.0.0.1/', options)).resolves.toBeUndefined();
    expect((await refusal('https://127.0.0.1/', options)).reason).toBe('private_address');
    await expect(assertPublicUrl('http://[::1]:4100/', options)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://[fd00::1]:9/', options)).resolves.toBeUndefined();
  });
});

describe('parseAllowHost', () => {
  it.each([
    ['localhost', { host: 'localhost', port: undefined }],
    ['LocalHost:4100', { host: 'localhost', port: 4100 }],
    ['127.0.0.1:4100', { host: '127.0.0.1', port: 4100 }],
    ['sandbox.internal', { host: 'sandbox.internal', port: undefined }],
    ['[::1]:4100', { host: '::1', port: 4100 }],
    ['[::1]', { host: '::1', port: undefined }],
    ['fd00::1', { host: 'fd00::1', port: undefined }],
  ])('reads %s', (entry, expected) => {
    expect(parseAllowHost(entry)).toEqual(expected);
  });

  it.each([
    ['http://localhost:4100'],
    ['localhost:0'],
    ['localhost:70000'],
    ['host name'],
    [''],
    ['-bad.example'],
    ['a:b:c'],
  ])('refuses %p', (entry) => {
    expect(() => parseAllowHost(entry)).toThrow(`"${entry}" is not a host or host:port`);
  });
});
