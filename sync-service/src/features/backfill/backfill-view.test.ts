// The progress a screen shows: the fraction where the platform gives totals, the ETA from the
// time spent reading so far (waits for a rate limit are not reading), and a failure in words.
import { Types } from 'mongoose';
import { ConnectorError, type ConnectorErrorCode } from '../../connectors';
import { failureText } from './backfill-run';
import { backfillView, etaOf, fractionOf } from './backfill-view';
import type { BackfillDoc } from './backfill.model';

const NOW = new Date('2026-06-01T12:00:00.000Z');

function doc(overrides: Partial<BackfillDoc>): BackfillDoc {
  return {
    _id: new Types.ObjectId(),
    webhookId: new Types.ObjectId(),
    userId: new Types.ObjectId(),
    userProfileId: new Types.ObjectId(),
    platform: 'smartlead',
    apiKeyId: new Types.ObjectId(),
    status: 'running',
    active: true,
    from: new Date('2026-03-01T00:00:00.000Z'),
    to: new Date('2026-05-01T00:00:00.000Z'),
    campaigns: [
      { id: '1', name: 'One' },
      { id: '2', name: null },
    ],
    cursor: null,
    pagesRead: 0,
    eventsFound: 0,
    queued: 0,
    skipped: 0,
    progress: null,
    cancelRequested: false,
    leaseUntil: null,
    resumesAt: null,
    error: null,
    createdBy: new Types.ObjectId(),
    createdAt: NOW,
    startedAt: NOW,
    activeMs: 0,
    finishedAt: null,
    updatedAt: NOW,
    ...overrides,
  };
}

describe('fractionOf', () => {
  it('counts campaigns done and the share of the one being read', () => {
    expect(fractionOf(doc({ progress: { campaign: 1, campaigns: 2, done: 25, total: 100 } }))).toBe(
      0.625,
    );
  });

  it('is unknown without a total (Instantly), 0 while queued and 1 once completed', () => {
    expect(
      fractionOf(doc({ progress: { campaign: 0, campaigns: 1, done: 300, total: null } })),
    ).toBe(null);
    expect(fractionOf(doc({ status: 'queued' }))).toBe(0);
    expect(fractionOf(doc({ status: 'completed' }))).toBe(1);
  });
});

describe('etaOf', () => {
  it('scales the time spent reading to what is left', () => {
    const running = doc({
      progress: { campaign: 0, campaigns: 2, done: 50, total: 100 },
      activeMs: 60_000,
    });
    // A quarter done in a minute: three more.
    expect(etaOf(running, NOW)?.toISOString()).toBe('2026-06-01T12:03:00.000Z');
  });

  it('counts from the end of a rate-limit pause, and is none once ended', () => {
    const paused = doc({
      status: 'paused-for-rate-limit',
      resumesAt: new Date('2026-06-01T12:01:00.000Z'),
      progress: { campaign: 1, campaigns: 2, done: 100, total: 100 },
      activeMs: 60_000,
    });
    expect(etaOf(paused, NOW)?.toISOString()).toBe('2026-06-01T12:01:00.000Z');
    expect(etaOf(doc({ status: 'cancelled', activeMs: 60_000 }), NOW)).toBeNull();
  });
});

describe('backfillView', () => {
  it("names what the platform's history cannot give back", () => {
    const view = backfillView(doc({ platform: 'heyreach' }), NOW);
    expect(view.notAvailable).toEqual([
      'CONNECTION_REQUEST_SENT',
      'CONNECTION_REQUEST_ACCEPTED',
      'FOLLOW_SENT',
      'LIKED_POST',
      'VIEWED_PROFILE',
      'LEAD_CATEGORY_UPDATED',
    ]);
    expect(view.rebuilds).toEqual(['MESSAGE_SENT', 'REPLY_RECEIVED']);
    expect(view.campaigns).toEqual([
      { id: '1', name: 'One' },
      { id: '2', name: null },
    ]);
  });
});

describe('failureText', () => {
  const refusal = (code: ConnectorErrorCode, vendorMessage?: string) =>
    new ConnectorError({
      system: 'smartlead',
      operation: 'listCampaignLeads',
      code,
      message: 'Smartlead GET /api/v1/campaigns/9/leads failed: 404 not_found',
      ...(vendorMessage ? { vendorMessage } : {}),
    });

  it('says in words why the platform stopped the read', () => {
    expect(failureText('smartlead', refusal('unauthorized'))).toBe(
      'Smartlead refused the API key; check it under API keys, then start the backfill again.',
    );
    expect(failureText('smartlead', refusal('not_found'))).toBe(
      'Smartlead does not know one of the campaigns (deleted, or of another account); choose the campaigns again.',
    );
    expect(failureText('smartlead', refusal('unavailable'))).toBe(
      'Smartlead did not answer; start the backfill again later (what is already imported is skipped).',
    );
    expect(failureText('smartlead', refusal('invalid_request', 'limit must be at most 100'))).toBe(
      'Smartlead refused the history request: limit must be at most 100',
    );
    expect(failureText('smartlead', new Error('boom'))).toBe(
      'The backfill stopped on an unexpected error; start it again (what is already imported is skipped).',
    );
  });
});
