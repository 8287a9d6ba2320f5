// Shared fixtures of the hubspot-mapping.*.test.ts files (not a test file itself): the events
// and the webhook settings the HubSpot writer's pure mapping is tested on.
import { webhookSwitchDefaults } from '@outsync/contracts/webhooks';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { HubspotWriteSettings } from './hubspot-mapping';
import { testEvent } from '../write-test-events';

export const AT = '2026-11-23T10:00:00.000Z';
export const PROFILE = 'https://www.linkedin.com/in/ana-lima';
export const APP_URL = 'https://app.smartlead.ai/app/master-inbox?leadMap=1';

export function event(overrides: Partial<CanonicalEvent> = {}): CanonicalEvent {
  return testEvent({
    platformEventId: 'EMAIL_SENT:1',
    category: { id: '7', name: 'Interested' },
    link: 'https://acme.test/pricing',
    objectLookupId: 'OBJ-1',
    platformUrl: APP_URL,
    ...overrides,
  });
}

export const social = (overrides: Partial<CanonicalEvent> = {}) =>
  event({ platform: 'heyreach', ...overrides });

export const emptyLead: CanonicalEvent['lead'] = {
  email: null,
  firstName: null,
  lastName: null,
  profileUrl: null,
  company: null,
  domain: null,
  title: null,
  phone: null,
  platformLeadId: null,
};

export function settings(overrides: Partial<HubspotWriteSettings> = {}): HubspotWriteSettings {
  return {
    // Switches this file does not name keep their defaults (a new switch needs no edit here).
    ...webhookSwitchDefaults,
    emailService: 'smartlead',
    hubspotOwnerId: '9001',
    assignContactOwner: false,
    assignCompanyOwner: false,
    createOrUpdateCompany: false,
    createOrUpdateTask: false,
    createContactCustomProperties: false,
    objectLookupMethod: 'default',
    objectLookupIdField: null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    ...overrides,
  };
}

/** The contact properties of the lead itself (LEAD). */
export const LEAD = {
  email: 'ana@acme.test',
  firstname: 'Ana',
  lastname: 'Lima',
  company: 'Acme',
  jobtitle: 'CTO',
  phone: '+1 555 0100',
  website: 'https://acme.test',
};
