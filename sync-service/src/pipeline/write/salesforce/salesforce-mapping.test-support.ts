// Shared fixtures of the salesforce-mapping.*.test.ts files (not a test file itself): the events
// and the webhook settings the Salesforce writer's pure mapping is tested on.
import { webhookSwitchDefaults } from '@outsync/contracts/webhooks';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { SalesforceWriteSettings } from './salesforce-mapping';
import { testEvent } from '../write-test-events';

export const AT = '2026-11-23T10:00:00.000Z';
export const PROFILE = 'https://www.linkedin.com/in/ana-lima';
export const SENDER_PROFILE = 'https://www.linkedin.com/in/bob-stone';
export const APP_URL = 'https://app.smartlead.ai/app/master-inbox?leadMap=1';
export const CONTACT_ID = '003000000000001AAA';

export function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent({
    platformEventId: 'EMAIL_SENT:1',
    sender: { email: 'bob@seller.test', name: 'Bob Stone', profileUrl: SENDER_PROFILE },
    platformUrl: APP_URL,
    ...overrides,
  });
}

export function heyreach(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return event({
    platform: 'heyreach',
    type: 'MESSAGE_SENT',
    rawEventType: 'MESSAGE_SENT',
    subject: null,
    sequenceStep: null,
    platformUrl: null,
    ...overrides,
  });
}

export function settings(
  overrides: Partial<SalesforceWriteSettings> = {},
): SalesforceWriteSettings {
  return {
    // Switches this file does not name keep their defaults (a new switch needs no edit here).
    ...webhookSwitchDefaults,
    emailService: 'smartlead',
    hubspotOwnerId: '005000000000001AAA',
    createContactCustomProperties: false,
    logType: 0,
    customTaskSubject: '',
    salesforceObjectType: 'Contact',
    salesforceOnlyUpdate: false,
    salesforceCustomFieldObjects: [],
    salesforceTaskType: null,
    objectLookupMethod: 'default',
    objectLookupIdField: null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    ...overrides,
  };
}

export const custom = (overrides: Partial<SalesforceWriteSettings> = {}) =>
  settings({
    createContactCustomProperties: true,
    salesforceCustomFieldObjects: ['Contact', 'Lead'],
    ...overrides,
  });
