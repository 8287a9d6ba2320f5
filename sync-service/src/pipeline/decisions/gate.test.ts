import { gateEvent } from './gate';

describe('gateEvent', () => {
  it('syncs a live event of a paid owner on a profile allowed to sync webhooks', () => {
    expect(gateEvent({ test: false, ownerIsPaidTier: true, profileCanWebhook: true })).toEqual({
      kind: 'sync',
    });
  });

  it('does not sync a live event on the free plan, and says so', () => {
    expect(gateEvent({ test: false, ownerIsPaidTier: false, profileCanWebhook: true })).toEqual({
      kind: 'not_synced',
      reason: 'Not synced: free plan. Upgrade to sync live events into your CRM.',
    });
  });

  it('still runs a test event on the free plan', () => {
    expect(gateEvent({ test: true, ownerIsPaidTier: false, profileCanWebhook: true })).toEqual({
      kind: 'sync',
    });
  });

  it.each([
    [false, true],
    [false, false],
    [true, true],
    [true, false],
  ])('never syncs on a profile without canWebhook (test %p, paid %p)', (test, paid) => {
    expect(gateEvent({ test, ownerIsPaidTier: paid, profileCanWebhook: false })).toEqual({
      kind: 'not_synced',
      reason: 'Not synced: this profile is not allowed to sync webhooks (canWebhook).',
    });
  });
});
