import { API_KEY_MASK } from './api-keys';
import {
  BLOCK_LIST_ERROR_MAX_LENGTH,
  CREATE_NEW_LIST_OPTION_ID,
  crmListObjectTypeIds,
  ListTypeSchema,
} from './block-lists';
import { ANY_EVENT_TYPE, HISTORY_FIRST_PAGE, HISTORY_PAGE_SIZE } from './history';
import { BISON_LEAD_CATEGORIES, leadCategoryId } from './lead-categories';
import { hubspotOAuth, salesforceOAuth } from './oauth';
import { SIGN_IN_RESEND_COOLDOWN_SECONDS, STICKY_TOAST_LIFE_MS, TOAST_LIFE_MS } from './timing';
import {
  ApprovedEventsModeSchema,
  DEFAULT_CUSTOM_TASK_SUBJECT,
  DEFAULT_PERMISSION_SET,
  DEFAULT_SOCIAL_LOOKUP_FIELD,
  defaultTaskType,
  logTypeLabels,
  LogTypeSchema,
  OBJECT_LOOKUP_ID_FIELD,
  RESTRICTED_LOG_TYPES,
  webhookDefaultsByCrm,
  writeModes,
} from './webhook-settings';
import { SIGN_IN_CODE_LENGTH } from '../auth/auth.schemas';

describe('spec 01 §9', () => {
  test('toasts live 3000 ms; 0 is sticky', () => {
    expect(TOAST_LIFE_MS).toBe(3000);
    expect(STICKY_TOAST_LIFE_MS).toBe(0);
  });

  test('codes have at most 6 characters; a resend waits 30 s', () => {
    expect(SIGN_IN_CODE_LENGTH).toBe(6);
    expect(SIGN_IN_RESEND_COOLDOWN_SECONDS).toBe(30);
  });

  test('log types: 0 Email Object, 1 Task Object; the restricted list holds Task Object', () => {
    expect(logTypeLabels).toEqual({ 0: 'Email Object', 1: 'Task Object' });
    expect(LogTypeSchema.safeParse(1).success).toBe(true);
    expect(LogTypeSchema.safeParse(2).success).toBe(false);
    expect(RESTRICTED_LOG_TYPES).toEqual([1]);
  });

  test('write modes: Upsert = false, Update Only = true', () => {
    expect(writeModes).toEqual([
      { label: 'Upsert', salesforceOnlyUpdate: false },
      { label: 'Update Only', salesforceOnlyUpdate: true },
    ]);
  });

  test('approved-events modes: all, filtered', () => {
    expect(ApprovedEventsModeSchema.options).toEqual(['all', 'filtered']);
  });

  test("bison's fixed category list", () => {
    expect(BISON_LEAD_CATEGORIES).toEqual([{ id: 'lead_interested', name: 'Interested' }]);
  });

  test('lookup fields and the default task subject', () => {
    expect(DEFAULT_SOCIAL_LOOKUP_FIELD).toBe('hs_linkedin_url');
    expect(OBJECT_LOOKUP_ID_FIELD).toBe('os_objectlookup_id');
    expect(DEFAULT_CUSTOM_TASK_SUBJECT).toBe(
      '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}',
    );
  });

  test('custom properties on by default for HUBSPOT only; owners by e-mail or by id', () => {
    expect(webhookDefaultsByCrm).toEqual({
      HUBSPOT: { createContactCustomProperties: true, ownerTrackedBy: 'email' },
      SALESFORCE: { createContactCustomProperties: false, ownerTrackedBy: 'id' },
    });
  });

  test("task type 'Email', or 'Other' for the social tool; permission set", () => {
    expect((['smartlead', 'instantly', 'bison', 'heyreach'] as const).map(defaultTaskType)).toEqual(
      ['Email', 'Email', 'Email', 'Other'],
    );
    expect(DEFAULT_PERMISSION_SET).toBe('System Administrator');
  });
});

describe('spec 02 §9', () => {
  test('history pages of 20, from page 1; ANY means no event-type filter', () => {
    expect(HISTORY_PAGE_SIZE).toBe(20);
    expect(HISTORY_FIRST_PAGE).toBe(1);
    expect(ANY_EVENT_TYPE).toBe('ANY');
  });

  test('block lists: error texts cut to 55, list types, object type ids, CREATE_NEW', () => {
    expect(BLOCK_LIST_ERROR_MAX_LENGTH).toBe(55);
    expect(ListTypeSchema.options).toEqual(['CONTACT_LIST', 'COMPANY_LIST']);
    expect(crmListObjectTypeIds).toEqual({ contacts: '0-1', companies: '0-2' });
    expect(CREATE_NEW_LIST_OPTION_ID).toBe('CREATE_NEW');
  });

  test('API key mask', () => {
    expect(API_KEY_MASK).toBe('********-****-****-****-**********_********');
  });

  test('a lead category id is its name lowercased, spaces replaced by underscores', () => {
    expect(leadCategoryId('Meeting Booked')).toBe('meeting_booked');
    expect(leadCategoryId('Not  Now')).toBe('not__now');
  });

  test('HUBSPOT OAuth: redirect {host}/oauth, scopes and optional scopes', () => {
    expect(hubspotOAuth).toEqual({
      redirectPath: '/oauth',
      scopes: [
        'crm.objects.contacts.write',
        'timeline',
        'crm.objects.owners.read',
        'crm.objects.companies.write',
        'crm.objects.companies.read',
        'crm.objects.contacts.read',
      ],
      optionalScopes: ['crm.schemas.contacts.write', 'crm.lists.read'],
    });
  });

  test('SALESFORCE OAuth: authorize on the domain, redirect {server}/oauth/salesforce', () => {
    expect(salesforceOAuth).toEqual({
      authorizePath: '/services/oauth2/authorize',
      redirectPath: '/oauth/salesforce',
      responseType: 'code',
      prompt: 'login',
    });
  });
});
