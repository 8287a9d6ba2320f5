// Which events of a page are new for the webhook (docs/decisions.md, "Backfill job"): the same
// dedupe key among its stored events or in the delivery registry, and for HeyReach, whose
// webhooks carry an id its history lacks, the same message by content.
import type { CanonicalEvent } from '@outsync/contracts/sync';
import { Types } from 'mongoose';
import { dedupKeyOf } from '../../pipeline/dedup-key';
import { normalizeEvent } from '../../pipeline/normalize';
import { receivedEventDoc } from '../webhook-events';
import { newEventsOf, type StoredEventsLookup } from './backfill-dedupe';

const webhookId = new Types.ObjectId();
const target = {
  id: webhookId.toString(),
  userId: new Types.ObjectId(),
  userProfileId: new Types.ObjectId(),
  userEmail: 'owner@example.com',
  crm: 'HUBSPOT' as const,
  hubId: '1',
  webhookUrl: 'https://outsync.test/webhooks/code',
  platform: 'heyreach' as const,
};
const PROFILE = 'https://www.linkedin.com/in/chen-wei-42';

/** What HeyReach's history reader builds for a message (no correlation id). */
function backfilled(createdAt: string, body: string) {
  const payload = {
    event_type: 'message_sent',
    timestamp: createdAt,
    campaign: { id: 401, name: 'Spring' },
    lead: { profile_url: PROFILE },
    recent_messages: [{ creation_time: createdAt, message: body, is_reply: false }],
  };
  return receivedEventDoc(
    target,
    { payload, text: JSON.stringify(payload), path: '/backfill/x', test: false },
    new Date('2026-04-15T00:00:00.000Z'),
    30,
  );
}

/** The webhook's delivery of a message: with its correlation id, sent a little later. */
function delivered(timestamp: string, body: string): CanonicalEvent {
  const result = normalizeEvent({
    platform: 'heyreach',
    payload: {
      correlation_id: 'c0ffee00-1111-2222-3333-444455556666',
      event_type: 'message_sent',
      timestamp,
      campaign: { id: 401, name: 'Spring' },
      lead: { profile_url: PROFILE },
      recent_messages: [{ creation_time: timestamp, message: body, is_reply: false }],
    },
    receivedAt: new Date('2026-04-15T00:00:00.000Z'),
  });
  if (result.kind !== 'event') throw new Error(result.message);
  return result.event;
}

function lookupOf(stored: CanonicalEvent[], registered: string[] = []): StoredEventsLookup {
  return {
    eventsOfLeads: async () => stored,
    registered: async (ids) => new Set(ids.filter((id) => registered.includes(id))),
  };
}

describe('newEventsOf', () => {
  it('HeyReach: a message its webhook delivered (same lead, text, within 10 minutes) is skipped', async () => {
    const page = [backfilled('2026-03-02T09:00:00.000Z', 'Hello Chen')];
    const stored = [delivered('2026-03-02T09:04:00.000Z', 'Hello Chen')];

    await expect(newEventsOf(webhookId, page, lookupOf(stored))).resolves.toEqual({
      fresh: [],
      skipped: 1,
    });
  });

  it('HeyReach: another text, or the same text an hour apart, is another message', async () => {
    const page = [
      backfilled('2026-03-02T09:00:00.000Z', 'Hello again'),
      backfilled('2026-03-02T10:00:00.000Z', 'Hello Chen'),
    ];
    const stored = [delivered('2026-03-02T09:00:00.000Z', 'Hello Chen')];

    const result = await newEventsOf(webhookId, page, lookupOf(stored));
    expect(result.skipped).toBe(0);
    expect(result.fresh).toHaveLength(2);
  });

  it('a key in the delivery registry, or twice in one page, is stored once', async () => {
    const first = backfilled('2026-03-02T09:00:00.000Z', 'One');
    const again = backfilled('2026-03-02T09:00:00.000Z', 'One');
    const known = backfilled('2026-03-03T09:00:00.000Z', 'Two');
    const knownKey = dedupKeyOf(JSON.parse(known.eventJson ?? '') as CanonicalEvent).key;

    const result = await newEventsOf(
      webhookId,
      [first, again, known],
      lookupOf([], [`${webhookId.toString()}:${knownKey}`]),
    );
    expect(result.fresh).toEqual([first]);
    expect(result.skipped).toBe(2);
  });
});
