import { EmbedTokenRequestSchema, PartnerRequestSchema } from './partners.schemas';

const messagesOf = (value: unknown) =>
  PartnerRequestSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

const valid = { name: 'Acme', allowedOrigins: ['https://portal.acme.test'], customerEmails: [] };

describe('a partner', () => {
  it('keeps origins as scheme, host and port, lower-case', () => {
    const parsed = PartnerRequestSchema.parse({
      ...valid,
      allowedOrigins: [
        'https://Portal.Acme.test/',
        'http://localhost:4200',
        'http://127.0.0.1:8080',
      ],
      customerEmails: [' Ops@Northwind.test '],
    });
    expect(parsed.allowedOrigins).toEqual([
      'https://portal.acme.test',
      'http://localhost:4200',
      'http://127.0.0.1:8080',
    ]);
    expect(parsed.customerEmails).toEqual(['ops@northwind.test']);
  });

  it.each([
    'https://portal.acme.test/settings',
    'http://portal.acme.test',
    'portal.acme.test',
    'https://portal.acme.test?x=1',
    'ftp://portal.acme.test',
  ])('refuses %s as an origin', (origin) => {
    expect(messagesOf({ ...valid, allowedOrigins: [origin] })).toEqual([
      'Enter an origin like https://portal.example.com (https, no path).',
    ]);
  });

  it('needs a name and one origin', () => {
    expect(messagesOf({ name: ' ', allowedOrigins: [], customerEmails: ['nope'] })).toEqual([
      'Enter the partner’s name.',
      'Add at least one allowed origin.',
      'Enter a valid e-mail address.',
    ]);
  });
});

describe('an embed token request', () => {
  it('lives 60 s to 30 min', () => {
    const base = { customerEmail: 'ops@northwind.test' };
    expect(EmbedTokenRequestSchema.safeParse({ ...base, ttlSeconds: 1800 }).success).toBe(true);
    expect(
      EmbedTokenRequestSchema.safeParse({ ...base, ttlSeconds: 59 }).error?.issues[0]?.message,
    ).toBe('At least 60 seconds.');
    expect(
      EmbedTokenRequestSchema.safeParse({ ...base, ttlSeconds: 1801 }).error?.issues[0]?.message,
    ).toBe('At most 1800 seconds (30 minutes).');
  });
});
