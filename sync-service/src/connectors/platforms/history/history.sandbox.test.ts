// The history readers against the sandbox's seeded history: 1,000 past events over 100 leads,
// read completely, each once, and resumable from any page's cursor.
import type { Platform } from '@outsync/contracts';
import { DEMO_API_KEYS, startSandbox, type RunningSandbox } from '@outsync/sandbox';
import { guardOutboundCalls } from '../../../testing/nock-guard';
import { ConnectorError } from '../../http';
import { eventTypes, readAll, readFailure, readSome } from './history.test-support';
import { createHistoryReader, type HistoryReadRequest } from './index';

guardOutboundCalls();

const FROM = '2026-05-01T00:00:00.000Z';
const TO = '2026-08-01T00:00:00.000Z';

type Seeded = {
  events: number;
  sent: number;
  replies: number;
  campaigns: Array<{ id: number; uuid: string; name: string; events: number }>;
};

let sandbox: RunningSandbox;

beforeAll(async () => {
  // The vendors' rate limits are off for the bulk reads (101 Smartlead calls a page would take
  // 20 s at its 10 per 2 s); the last test turns Instantly's own limit back on.
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', rateLimits: false });
});

afterAll(async () => {
  await sandbox.stop();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/_seed`, { method: 'POST' });
});

async function seedHistory(
  platform: Platform,
  extra: Record<string, unknown> = {},
): Promise<Seeded> {
  const response = await fetch(`${sandbox.url}/_sandbox/platforms/${platform}/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      leads: 100,
      events: 1000,
      campaigns: 2,
      from: FROM,
      to: TO,
      seed: 34,
      ...extra,
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Seeded;
}

const BASE_PATHS: Record<Platform, string> = {
  smartlead: '/smartlead',
  instantly: '/instantly',
  bison: '/bison',
  heyreach: '/heyreach',
};

function reader(platform: Platform) {
  return createHistoryReader(platform, {
    baseUrl: `${sandbox.url}${BASE_PATHS[platform]}`,
    apiKey: DEMO_API_KEYS[platform],
    retries: 0,
  });
}

function requestFor(platform: Platform, seeded: Seeded): HistoryReadRequest {
  return {
    from: new Date(FROM),
    to: new Date(TO),
    campaigns: seeded.campaigns.map((campaign) => ({
      id: platform === 'instantly' ? campaign.uuid : String(campaign.id),
      name: campaign.name,
    })),
  };
}

const SENT: Record<Platform, readonly string[]> = {
  smartlead: ['EMAIL_SENT'],
  instantly: ['email_sent'],
  bison: ['EMAIL_SENT'],
  heyreach: ['message_sent'],
};

describe.each<Platform>(['smartlead', 'instantly', 'bison', 'heyreach'])(
  '%s history from the sandbox',
  (platform) => {
    it('reads 1,000 past events over 100 leads completely, each once', async () => {
      const seeded = await seedHistory(platform);

      const pages = await readAll(reader(platform), requestFor(platform, seeded));

      const sourceIds = pages.flatMap((page) => page.events.map((event) => event.sourceId));
      expect(sourceIds).toHaveLength(1000);
      expect(new Set(sourceIds).size).toBe(1000);
      const types = eventTypes(pages);
      expect(types.filter((type) => SENT[platform].includes(type))).toHaveLength(seeded.sent);
      expect(pages.at(-1)?.cursor).toBeNull();
      expect(
        pages.every((page) =>
          page.events.every((event) => event.occurredAt >= FROM && event.occurredAt < TO),
        ),
      ).toBe(true);
    });

    it('resumes from a page’s cursor with the rest, nothing twice and nothing missed', async () => {
      const seeded = await seedHistory(platform);
      const request = requestFor(platform, seeded);

      const head = await readSome(reader(platform), request, 1);
      const tail = await readAll(reader(platform), { ...request, cursor: head.at(-1)?.cursor });

      const ids = [...head, ...tail].flatMap((page) => page.events.map((event) => event.sourceId));
      expect(ids).toHaveLength(1000);
      expect(new Set(ids).size).toBe(1000);
    });

    it('reads only the range asked for', async () => {
      const seeded = await seedHistory(platform);
      const middle = {
        ...requestFor(platform, seeded),
        from: new Date('2026-06-01T00:00:00.000Z'),
        to: new Date('2026-07-01T00:00:00.000Z'),
      };

      const pages = await readAll(reader(platform), middle);

      const times = pages.flatMap((page) => page.events.map((event) => event.occurredAt));
      expect(times.length).toBeGreaterThan(100);
      expect(times.length).toBeLessThan(600);
      expect(
        times.every(
          (time) => time >= '2026-06-01T00:00:00.000Z' && time < '2026-07-01T00:00:00.000Z',
        ),
      ).toBe(true);
    });
  },
);

describe('refusals from the sandbox', () => {
  it('a wrong key fails as unauthorized', async () => {
    const seeded = await seedHistory('smartlead');
    const wrong = createHistoryReader('smartlead', {
      baseUrl: `${sandbox.url}/smartlead`,
      apiKey: 'wrong',
      retries: 0,
    });

    await expect(readFailure(wrong, requestFor('smartlead', seeded))).resolves.toMatchObject({
      code: 'unauthorized',
      status: 401,
    });
  });

  it('Instantly’s own limit on GET /emails fails the read as rate_limited', async () => {
    const seeded = await seedHistory('instantly', { emailsRateLimit: 2 });

    const error = await readFailure(reader('instantly'), requestFor('instantly', seeded));

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ system: 'instantly', code: 'rate_limited', status: 429 });
  });
});
