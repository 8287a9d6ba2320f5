import {
  WebhookLogActionFiltersSchema,
  WebhookLogFiltersSchema,
  WebhookLogsDailyQuerySchema,
  WebhookLogsQuerySchema,
} from './webhook-events.schemas';

// The time range of the webhook logs (issue 29: bulk actions "by filter (status, webhook, time
// range)"): the same rules for the list, its count, its chart and the bulk actions.
const schemas = [
  ['the list', WebhookLogsQuerySchema],
  ['the count', WebhookLogFiltersSchema],
  ['the chart', WebhookLogsDailyQuerySchema],
  ['the bulk actions', WebhookLogActionFiltersSchema],
] as const;

const messagesOf = (schema: (typeof schemas)[number][1], value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe.each(schemas)('%s', (_, schema) => {
  it('reads receivedFrom and receivedTo as instants, in any time zone', () => {
    const parsed = schema.parse({
      receivedFrom: '2026-11-28T09:00:00Z',
      receivedTo: '2026-11-28T12:30:00.500+01:00',
    });
    expect(parsed.receivedFrom).toEqual(new Date('2026-11-28T09:00:00.000Z'));
    expect(parsed.receivedTo).toEqual(new Date('2026-11-28T11:30:00.500Z'));
  });

  it('takes either bound alone, minutes without seconds, and reads blank as none', () => {
    expect(schema.parse({ receivedFrom: '2026-11-28T09:00Z' }).receivedFrom).toEqual(
      new Date('2026-11-28T09:00:00.000Z'),
    );
    expect(schema.parse({ receivedTo: '2026-11-28T09:00-05:00' }).receivedTo).toEqual(
      new Date('2026-11-28T14:00:00.000Z'),
    );
    const blank = schema.parse({ receivedFrom: '', receivedTo: '  ' });
    expect(blank.receivedFrom).toBeUndefined();
    expect(blank.receivedTo).toBeUndefined();
  });

  it.each([
    'yesterday',
    '2026-11-28',
    '2026-11-28T09:00:00',
    '2026-11-28 09:00:00Z',
    '2026-02-30T09:00:00Z',
    '2026-13-01T09:00:00Z',
    '2026-11-28T24:00:00Z',
    '2026-11-28T09:60:00Z',
    '2026-11-28T09:00:00+25:00',
    '1764320400000',
  ])('refuses receivedFrom=%s, naming it and the form it takes', (value) => {
    expect(messagesOf(schema, { receivedFrom: value })).toEqual([
      [
        'receivedFrom',
        'receivedFrom must be an ISO 8601 date-time with a time zone, like 2026-11-28T09:00:00Z.',
      ],
    ]);
  });

  it('refuses a receivedTo that is not text', () => {
    expect(messagesOf(schema, { receivedTo: 1764320400000 })).toEqual([
      [
        'receivedTo',
        'receivedTo must be an ISO 8601 date-time with a time zone, like 2026-11-28T09:00:00Z.',
      ],
    ]);
  });

  it('refuses a range that ends where it starts, or before', () => {
    const message = [['receivedTo', 'receivedFrom must be earlier than receivedTo.']];
    expect(
      messagesOf(schema, {
        receivedFrom: '2026-11-28T09:00:00Z',
        receivedTo: '2026-11-28T09:00:00Z',
      }),
    ).toEqual(message);
    // The same instant written in two time zones.
    expect(
      messagesOf(schema, {
        receivedFrom: '2026-11-28T10:00:00+01:00',
        receivedTo: '2026-11-28T09:00:00Z',
      }),
    ).toEqual(message);
    expect(
      messagesOf(schema, {
        receivedFrom: '2026-11-28T09:00:00.001Z',
        receivedTo: '2026-11-28T09:00:00Z',
      }),
    ).toEqual(message);
    expect(
      messagesOf(schema, {
        receivedFrom: '2026-11-28T09:00:00Z',
        receivedTo: '2026-11-28T09:00:00.001Z',
      }),
    ).toEqual([]);
  });

  it('still refuses an unknown parameter', () => {
    expect(messagesOf(schema, { receivedAt: '2026-11-28T09:00:00Z' })).toEqual([
      ['', 'Unrecognized key: "receivedAt"'],
    ]);
  });
});
