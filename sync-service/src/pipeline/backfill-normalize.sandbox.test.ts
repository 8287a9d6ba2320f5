// Every payload a history reader builds from the sandbox's seeded history is one the pipeline's
// normalizer takes: a canonical event at the time the reader claims, with a dedupe key of its
// own (1,000 events, 1,000 keys), for each platform (issue 34, item 3).
import type { Platform } from '@outsync/contracts';
import { DEMO_API_KEYS, startSandbox, type RunningSandbox } from '@outsync/sandbox';
import { createHistoryReader } from '../connectors';
import { guardOutboundCalls } from '../testing/nock-guard';
import { dedupKeyOf } from './dedup-key';
import { normalizeEvent } from './normalize';

guardOutboundCalls();

const FROM = '2026-05-01T00:00:00.000Z';
const TO = '2026-08-01T00:00:00.000Z';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', rateLimits: false });
});

afterAll(async () => {
  await sandbox.stop();
});

it.each<Platform>(['smartlead', 'instantly', 'bison', 'heyreach'])(
  '%s: 1,000 backfilled payloads normalize to 1,000 events with distinct keys',
  async (platform) => {
    const response = await fetch(`${sandbox.url}/_sandbox/platforms/${platform}/history`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        leads: 100,
        events: 1000,
        campaigns: 2,
        from: FROM,
        to: TO,
        seed: 11,
      }),
    });
    const seeded = (await response.json()) as {
      campaigns: Array<{ id: number; uuid: string; name: string }>;
    };
    const reader = createHistoryReader(platform, {
      baseUrl: `${sandbox.url}/${platform}`,
      apiKey: DEMO_API_KEYS[platform],
      retries: 0,
    });
    const request = {
      from: new Date(FROM),
      to: new Date(TO),
      campaigns: seeded.campaigns.map((campaign) => ({
        id: platform === 'instantly' ? campaign.uuid : String(campaign.id),
        name: campaign.name,
      })),
    };

    const keys = new Set<string>();
    let events = 0;
    for await (const page of reader.read(request)) {
      for (const backfilled of page.events) {
        const result = normalizeEvent({
          platform,
          payload: backfilled.payload,
          receivedAt: new Date(),
        });
        if (result.kind !== 'event') throw new Error(`${backfilled.sourceId}: ${result.message}`);
        expect(result.event.occurredAt).toBe(backfilled.occurredAt);
        expect(result.event.campaign.name).toMatch(/^Seeded history/);
        keys.add(dedupKeyOf(result.event).key);
        events++;
      }
    }

    expect(events).toBe(1000);
    expect(keys.size).toBe(1000);
  },
);
