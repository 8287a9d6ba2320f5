import type { CanonicalEvent, CanonicalLead } from '@outsync/contracts/sync';

// Test builders the writers' and mappings' tests share (not a test file itself): one lead, Ana
// Lima of Acme, and a Smartlead send to her; each suite layers its own defaults on top.

export const TEST_OCCURRED_AT = '2026-11-23T10:00:00.000Z';
export const TEST_PROFILE_URL = 'https://www.linkedin.com/in/ana-lima';

export const TEST_LEAD: CanonicalLead = {
  email: 'ana@acme.test',
  firstName: 'Ana',
  lastName: 'Lima',
  profileUrl: TEST_PROFILE_URL,
  company: 'Acme',
  domain: 'acme.test',
  title: 'CTO',
  phone: '+1 555 0100',
  platformLeadId: 'L1',
};

/** A Smartlead EMAIL_SENT to TEST_LEAD with no category, link, lookup id or platform URL. */
export function testEvent(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return {
    platform: 'smartlead',
    type: 'EMAIL_SENT',
    rawEventType: 'EMAIL_SENT',
    occurredAt: TEST_OCCURRED_AT,
    platformEventId: null,
    lead: TEST_LEAD,
    sender: { email: 'bob@seller.test', name: 'Bob Stone', profileUrl: null },
    campaign: { id: '42', name: 'Q4 outreach' },
    subject: 'Quick question',
    bodyText: 'Hi Ana',
    bodyHtml: null,
    sequenceStep: 2,
    category: null,
    link: null,
    objectLookupId: null,
    tags: [],
    platformUrl: null,
    isInmail: false,
    isAutomatedReply: false,
    ...overrides,
  };
}
