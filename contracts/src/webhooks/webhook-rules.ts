import {
  DEFAULT_CUSTOM_TASK_SUBJECT,
  defaultTaskType,
  platformFacts,
  webhookDefaultsByCrm,
  type CrmKind,
  type Platform,
} from '@outsync/contracts';
import type { CrmOwner } from '@outsync/contracts/accounts';
import { isValidCustomTaskSubject } from './custom-task-subject';
import {
  lookupMethodFromAnySpelling,
  platformOfEmailService,
  switchesOf,
  webhookSwitchDefaults,
  type LookupMethod,
  type OptionalAlternativeProperty,
  type WebhookSettings,
  type WebhookSettingsParsed,
} from './webhooks.schemas';

/** Which form sends the settings: the create form or the settings (update) dialog. */
export type WebhookFormKind = 'create' | 'update';

/** Warning toasts titled 'Validation' (spec 01 §5, §8). */
export const WEBHOOK_VALIDATION_SUMMARY = 'Validation';

/** The messages of spec 01 §5 "Webhook create and update". */
export const webhookMessages = {
  owner: 'Select Owner',
  platform: 'Select Sales Engagement Platform',
  categories: 'Select Category-based filter',
  endpointEventTypes: 'Select Event Types',
  lookupMethod: 'Select Object Lookup Method',
  profileUrlProperty: 'Select Property for Profile URL',
  lookupSelectionHubspot: 'Select Property for Object lookup selection',
  optionalAlternative: 'Select at least one property for Optional Alternative Property',
  lookupField: 'Select Object Lookup Field',
  fieldsNotCreated: 'Fields not created',
  customFieldObjectsCreate: 'Objects for custom fields not selected',
  customFieldObjectsUpdate: 'Custom Field Objects not selected',
  customTaskSubject: 'Enter Custom Task Subject',
  lookupSelectionSalesforce: 'Select Object lookup selection',
  taskType: 'Select Task Type',
} as const;

/** 'Select Contact Search Property for {social tool display name}' (settings dialog). */
export function contactSearchPropertyMessage(platform: Platform): string {
  return `Select Contact Search Property for ${platformFacts[platform].displayName}`;
}

export type WebhookProblem = { message: string; blocking: boolean };

export type WebhookCheckContext = {
  crm: CrmKind;
  form: WebhookFormKind;
  /** SALESFORCE: 'Create Fields' succeeded for the chosen objects (the form's flag; the profile's record on the service). */
  customFieldsCreated: boolean;
};

/** What the checks read: the settings as sent, and on create the chosen owner. */
export type WebhookCheckInput = WebhookSettingsParsed & {
  selectedOwner?: CrmOwner | null;
};

/**
 * Every problem of spec 01 §5 with the settings as sent (before the save rules), in the
 * spec's order. A problem that does not block is the one warning 'Select Object Lookup Field'.
 */
export function webhookProblems(
  input: WebhookCheckInput,
  context: WebhookCheckContext,
): WebhookProblem[] {
  const problems: WebhookProblem[] = [];
  const block = (message: string) => problems.push({ message, blocking: true });
  const platform = platformOfEmailService(input.emailService);
  const isSocial = platform !== null && platformFacts[platform].kind === 'social-tool';
  const method = lookupMethodFromAnySpelling(input.objectLookupMethod);

  if (context.form === 'create' && !input.selectedOwner) block(webhookMessages.owner);
  if (!platform) block(webhookMessages.platform);
  if (input.apiKeyId && !input.smartleadBaseCategories?.length) block(webhookMessages.categories);
  if (endpointRowsMissingEventTypes(input)) block(webhookMessages.endpointEventTypes);

  if (context.crm === 'HUBSPOT') {
    if (!method) {
      block(webhookMessages.lookupMethod);
    } else if (isSocial && platform) {
      const missing = hubspotSocialLookupMissing(input, method);
      if (missing)
        block(context.form === 'update' ? contactSearchPropertyMessage(platform) : missing);
    } else if (platform && method !== 'default' && !filled(input.objectLookupIdField)) {
      problems.push({ message: webhookMessages.lookupField, blocking: false });
    }
    return problems;
  }

  if (input.createContactCustomProperties) {
    if (!input.salesforceCustomFieldObjects?.length) {
      block(
        context.form === 'update'
          ? webhookMessages.customFieldObjectsUpdate
          : webhookMessages.customFieldObjectsCreate,
      );
    } else if (!context.customFieldsCreated) {
      block(webhookMessages.fieldsNotCreated);
    }
  }
  // The log type the save rules will store: a body without one gets the platform's default.
  const isTask = (input.logType ?? (isSocial ? 1 : 0)) === 1;
  if (isTask && !isValidCustomTaskSubject(input.customTaskSubject)) {
    block(webhookMessages.customTaskSubject);
  }
  if (method && method !== 'default' && !filled(input.objectDefaultSearchProperty)) {
    block(webhookMessages.lookupSelectionSalesforce);
  }
  if (isTask && !filled(input.salesforceTaskType)) block(webhookMessages.taskType);
  return problems;
}

/**
 * The task type to check with the org before saving, or null: the social tool's SALESFORCE
 * tasks (spec 01 §5 "the task type 'Other' is first validated with the server"), whose default
 * 'Other' an org may lack or have deactivated. The one chosen is checked, 'Other' by default.
 */
export function taskTypeToCheck(
  crm: CrmKind,
  input: Pick<WebhookSettingsParsed, 'emailService' | 'logType' | 'salesforceTaskType'>,
): string | null {
  const platform = platformOfEmailService(input.emailService);
  if (crm !== 'SALESFORCE' || !platform || platformFacts[platform].kind !== 'social-tool') {
    return null;
  }
  if ((input.logType ?? 1) !== 1) return null;
  return input.salesforceTaskType?.trim() || defaultTaskType(platform);
}

/** The first problem that blocks saving, or undefined. */
export function firstBlockingProblem(
  input: WebhookCheckInput,
  context: WebhookCheckContext,
): string | undefined {
  return webhookProblems(input, context).find((problem) => problem.blocking)?.message;
}

function endpointRowsMissingEventTypes(input: WebhookCheckInput): boolean {
  return (input.additionalEndpoints ?? []).some(
    (row) => row.userAccount && (row.eventTypes ?? []).length === 0,
  );
}

/** HUBSPOT with the social tool: the property the chosen method needs, when it is missing. */
function hubspotSocialLookupMissing(
  input: WebhookCheckInput,
  method: LookupMethod,
): string | undefined {
  if (method === 'default') {
    return filled(input.objectDefaultSearchProperty)
      ? undefined
      : webhookMessages.profileUrlProperty;
  }
  if (method === 'AlternativeProperty') {
    return filled(input.objectLookupIdField) ? undefined : webhookMessages.lookupSelectionHubspot;
  }
  return optionalAlternativeOf(input.optionalAlternativeProperty)
    ? undefined
    : webhookMessages.optionalAlternative;
}

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function propertyOrNull(value: string | null | undefined): string | null {
  return filled(value) ? value.trim() : null;
}

/** {email?, profile_url?, os_objectlookup_id?} without the empty keys; null when none is left. */
export function optionalAlternativeOf(
  value: OptionalAlternativeProperty | null | undefined,
  keys: readonly (keyof OptionalAlternativeProperty)[] = [
    'email',
    'profile_url',
    'os_objectlookup_id',
  ],
): NonNullable<WebhookSettings['optionalAlternativeProperty']> | null {
  const kept: NonNullable<WebhookSettings['optionalAlternativeProperty']> = {};
  for (const key of keys) {
    const property = propertyOrNull(value?.[key]);
    if (property !== null) kept[key] = property;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * The save rules of spec 01 §4 ("Lookup fields written on save", "Other save rules",
 * "Categories", "Custom fields") applied to settings that passed `webhookProblems`, with the
 * defaults for what was not sent. The service stores exactly this, whatever the client sent;
 * the forms apply the same function, so what they show after saving is what was stored.
 */
export function applyWebhookSaveRules(crm: CrmKind, input: WebhookSettingsParsed): WebhookSettings {
  const platform = platformOfEmailService(input.emailService);
  if (!platform)
    throw new TypeError('applyWebhookSaveRules needs a platform (check webhookProblems first)');
  const isSocial = platformFacts[platform].kind === 'social-tool';
  const method = lookupMethodFromAnySpelling(input.objectLookupMethod) ?? 'default';
  const logType = input.logType ?? (isSocial ? 1 : 0);
  const switches = switchesOf(input, {
    ...webhookSwitchDefaults,
    createContactCustomProperties: webhookDefaultsByCrm[crm].createContactCustomProperties,
  });
  const customProperties = switches.createContactCustomProperties;

  return {
    emailService: platform,
    ...switches,
    // The checkbox is disabled for the social tool (spec 01 §2.8): it cannot be on.
    createOrUpdateCompany: !isSocial && switches.createOrUpdateCompany,
    ...categoryFilterOf(crm, platform, input),
    logType,
    customTaskSubject:
      logType === 0 ? '' : (input.customTaskSubject ?? DEFAULT_CUSTOM_TASK_SUBJECT),
    salesforceTaskType: logType === 0 ? null : propertyOrNull(input.salesforceTaskType),
    salesforceObjectType: input.salesforceObjectType ?? 'Contact',
    // Custom field objects are Salesforce objects; HUBSPOT's custom properties need none.
    salesforceCustomFieldObjects:
      crm === 'SALESFORCE' && customProperties
        ? [...new Set(input.salesforceCustomFieldObjects ?? [])]
        : [],
    objectLookupMethod: method,
    ...lookupFieldsOf(crm, isSocial, method, input),
    additionalEndpoints: endpointsOf(input),
  };
}

type CategoryFilter = Pick<WebhookSettings, 'apiKeyId' | 'smartleadBaseCategories'>;

function categoryFilterOf(
  crm: CrmKind,
  platform: Platform,
  input: WebhookSettingsParsed,
): CategoryFilter {
  const none: CategoryFilter = { apiKeyId: null, smartleadBaseCategories: null };
  const categories = input.smartleadBaseCategories ?? [];
  if (categories.length === 0) return none;
  if (platform === 'bison') {
    // bison has no API key select; its categories are the fixed list, except on SALESFORCE.
    return crm === 'SALESFORCE' ? none : { apiKeyId: null, smartleadBaseCategories: categories };
  }
  if (!input.apiKeyId) return none;
  return { apiKeyId: input.apiKeyId, smartleadBaseCategories: categories };
}

type LookupFields = Pick<
  WebhookSettings,
  'objectLookupIdField' | 'objectDefaultSearchProperty' | 'optionalAlternativeProperty'
>;

function lookupFieldsOf(
  crm: CrmKind,
  isSocial: boolean,
  method: LookupMethod,
  input: WebhookSettingsParsed,
): LookupFields {
  const lookupIdField = method === 'default' ? null : propertyOrNull(input.objectLookupIdField);
  if (crm === 'HUBSPOT') {
    if (!isSocial) {
      return {
        objectLookupIdField: lookupIdField,
        objectDefaultSearchProperty: null,
        optionalAlternativeProperty: null,
      };
    }
    const none: LookupFields = {
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
    };
    if (method === 'default') {
      return {
        ...none,
        objectDefaultSearchProperty: propertyOrNull(input.objectDefaultSearchProperty),
      };
    }
    if (method === 'AlternativeProperty') return { ...none, objectLookupIdField: lookupIdField };
    return {
      ...none,
      optionalAlternativeProperty: optionalAlternativeOf(input.optionalAlternativeProperty),
    };
  }
  return {
    // The os_objectlookup_id field is chosen by checkbox, for platforms other than the social tool.
    objectLookupIdField: isSocial ? null : lookupIdField,
    objectDefaultSearchProperty:
      method === 'default' ? null : propertyOrNull(input.objectDefaultSearchProperty),
    optionalAlternativeProperty: isSocial
      ? optionalAlternativeOf(input.optionalAlternativeProperty, ['email', 'profile_url'])
      : null,
  };
}

/** Rows with an account, one row per account (the first kept), event types without repeats. */
function endpointsOf(input: WebhookSettingsParsed): WebhookSettings['additionalEndpoints'] {
  const seen = new Set<string>();
  const rows: WebhookSettings['additionalEndpoints'] = [];
  for (const row of input.additionalEndpoints ?? []) {
    const id = row.userAccount?.id;
    if (!id || seen.has(id)) continue;
    seen.add(id);
    rows.push({ userAccountId: id, eventTypes: [...new Set(row.eventTypes)] });
  }
  return rows;
}
