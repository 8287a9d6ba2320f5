import type { Platform } from '@outsync/contracts';
import { eventOf } from './fixtures/expect-event';
import { RECEIVED_AT, template, templates } from './fixtures/templates';
import { detectPlatform, normalizeEvent } from './index';

const universal = (payload: unknown) =>
  normalizeEvent({ platform: null, payload, receivedAt: RECEIVED_AT });

describe('normalizeEvent', () => {
  it.each(['smartlead', 'instantly', 'bison', 'heyreach'] as const)(
    'a Universal webhook recognises every %s test payload',
    (platform: Platform) => {
      for (const [, payload] of templates(platform)) {
        expect(eventOf(universal(payload)).platform).toBe(platform);
      }
    },
  );

  it('a webhook with a platform uses that platform’s normalizer', () => {
    const bisonPayload = template('bison', 'EMAIL_SENT');
    const asSmartlead = normalizeEvent({
      platform: 'smartlead',
      payload: bisonPayload,
      receivedAt: RECEIVED_AT,
    });
    expect(asSmartlead).toEqual({
      kind: 'unsupported',
      rawEventType: null,
      message: 'Smartlead payload carries no event type (event_type)',
    });
  });

  it('a payload that is not an object is unsupported', () => {
    for (const payload of [null, 'x', [1], 3]) {
      expect(universal(payload)).toEqual({
        kind: 'unsupported',
        rawEventType: null,
        message: 'The payload is not a JSON object',
      });
    }
  });

  it('a payload of no platform’s shape is unsupported, with its event type if any', () => {
    expect(universal({ event_type: 'SOMETHING', foo: 1 })).toEqual({
      kind: 'unsupported',
      rawEventType: 'SOMETHING',
      message: 'The payload matches no platform: it has none of their event shapes',
    });
    expect(universal({ event: { type: 'x' } })).toMatchObject({ rawEventType: 'x' });
  });
});

describe('detectPlatform', () => {
  it('bison: an event envelope with data', () => {
    expect(detectPlatform({ event: { type: 'lead_replied' }, data: {} })).toBe('bison');
    expect(detectPlatform({ event: { type: 'lead_replied' } })).toBeNull();
    expect(detectPlatform({ event: {}, data: {} })).toBeNull();
  });

  it('HeyReach: a lead profile URL, a correlation id or a social event name', () => {
    expect(detectPlatform({ lead: { profile_url: 'https://linkedin.com/in/x' } })).toBe('heyreach');
    expect(detectPlatform({ correlation_id: 'c' })).toBe('heyreach');
    expect(detectPlatform({ event_type: 'liked_post' })).toBe('heyreach');
    expect(detectPlatform({ event_type: 'every_message_reply_received' })).toBe('heyreach');
    expect(detectPlatform({ event_type: 'campaign_completed' })).toBeNull();
  });

  it('Instantly: a workspace with an event type, whatever its case (custom labels)', () => {
    expect(detectPlatform({ event_type: 'email_sent', workspace: 'w' })).toBe('instantly');
    expect(detectPlatform({ event_type: 'Budget Approved', workspace: 'w' })).toBe('instantly');
    expect(detectPlatform({ event_type: 'email_sent', workspace: '' })).toBeNull();
    expect(detectPlatform({ workspace: 'w' })).toBeNull();
  });

  it('Smartlead: an upper-case event type with sl_* fields or stats_id', () => {
    expect(detectPlatform({ event_type: 'EMAIL_SENT', sl_lead_email: 'a@b.io' })).toBe('smartlead');
    expect(detectPlatform({ event_type: 'EMAIL_SENT', stats_id: 's' })).toBe('smartlead');
    expect(detectPlatform({ event_type: 'EMAIL_SENT', stats_idx: 's' })).toBeNull();
    expect(detectPlatform({ event_type: 'EMAIL_SENT', xsl_lead: 's' })).toBeNull();
    expect(detectPlatform({ event_type: 'email_sent', stats_id: 's' })).toBeNull();
  });
});
