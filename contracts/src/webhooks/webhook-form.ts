import {
  BISON_LEAD_CATEGORIES,
  DEFAULT_CUSTOM_TASK_SUBJECT,
  DEFAULT_SOCIAL_LOOKUP_FIELD,
  defaultTaskType,
  EMAIL_ACTIVITY_EVENT_TYPES,
  platformFacts,
  SOCIAL_ACTIVITY_EVENT_TYPES,
  webhookDefaultsByCrm,
  type ActivityEventType,
  type ApprovedEventsMode,
  type CrmKind,
  type LogType,
  type Platform,
} from '@outsync/contracts';
import type { CrmOwner, SalesforceObjectType } from '@outsync/contracts/accounts';
import {
  switchesOf,
  webhookSwitchDefaults,
  type LookupMethod,
  type Webhook,
  type WebhookCategory,
  type WebhookSettingsParsed,
  type WebhookSwitches,
} from './webhooks.schemas';
import { isSocialTool } from './lookup-methods';

/** An 'Additional Endpoints' row: an account ('-- Select Account --' when null) and its event types. */
export type EndpointRow = { userAccountId: string | null; eventTypes: ActivityEventType[] };

export type CustomFieldObject = 'Contact' | 'Lead';

/**
 * What the create form and the settings dialog hold, field by field as the user sees them
 * (spec 01 §2.7–2.10). `webhookBodyFromForm` turns it into the settings the service checks.
 * The on/off settings (`WebhookSwitches`) keep their stored names.
 */
export type WebhookFormValues = WebhookSwitches & {
  crm: CrmKind;
  owner: CrmOwner | null;
  emailService: Platform | null;
  objectLookupMethod: LookupMethod;
  /** 'Object lookup selection'. */
  lookupProperty: string | null;
  /** HUBSPOT 'Profile URL' / SALESFORCE 'Social Profile Property' (the social tool). */
  profileUrlProperty: string | null;
  /** HUBSPOT 'Email' / SALESFORCE 'Email Property' (the social tool). */
  emailProperty: string | null;
  /** SALESFORCE: 'Select CRM field for os_objectlookup_id'. */
  objectLookupIdFieldEnabled: boolean;
  /** SALESFORCE: 'CRM property for os_objectlookup_id'. */
  objectLookupIdProperty: string | null;
  approvedEvents: ApprovedEventsMode;
  apiKeyId: string | null;
  categories: WebhookCategory[];
  endpoints: EndpointRow[];
  salesforceCustomFieldObjects: CustomFieldObject[];
  permissionSetId: string | null;
  /** 'Create Fields' succeeded for the chosen objects (spec 01 §4 "Custom fields"). */
  fieldsCreated: boolean;
  logType: LogType;
  salesforceTaskType: string | null;
  customTaskSubject: string;
  salesforceObjectType: SalesforceObjectType;
};

/** HUBSPOT's record-id property, preselected for a non-default method (see docs/decisions.md). */
export const HUBSPOT_OBJECT_ID_PROPERTY = 'hs_object_id';
export const HUBSPOT_EMAIL_PROPERTY = 'email';
export const SALESFORCE_LOOKUP_PROPERTY = 'Id';
export const SALESFORCE_EMAIL_PROPERTY = 'Email';

export const emptyEndpointRow = (): EndpointRow => ({ userAccountId: null, eventTypes: [] });

/** A new create form for a profile of `crm` (spec 01 §9 defaults). */
export function initialWebhookForm(crm: CrmKind): WebhookFormValues {
  return {
    ...webhookSwitchDefaults,
    createContactCustomProperties: webhookDefaultsByCrm[crm].createContactCustomProperties,
    crm,
    owner: null,
    emailService: null,
    objectLookupMethod: 'default',
    lookupProperty: null,
    profileUrlProperty: null,
    emailProperty: null,
    objectLookupIdFieldEnabled: false,
    objectLookupIdProperty: null,
    approvedEvents: 'all',
    apiKeyId: null,
    categories: [],
    endpoints: [emptyEndpointRow()],
    salesforceCustomFieldObjects: [],
    permissionSetId: null,
    fieldsCreated: false,
    logType: 0,
    salesforceTaskType: null,
    customTaskSubject: DEFAULT_CUSTOM_TASK_SUBJECT,
    salesforceObjectType: 'Contact',
  };
}

/** The settings dialog's values for a stored webhook (spec 01 §2.10, §4 "Webhook form modes"). */
export function webhookFormFromWebhook(webhook: Webhook): WebhookFormValues {
  const crm = webhook.user.profile;
  const optional = webhook.optionalAlternativeProperty ?? {};
  const social = isSocialTool(webhook.emailService);
  const categories = webhook.smartleadBaseCategories ?? [];
  const endpoints = webhook.userAccountWebhooks.map((row) => ({
    userAccountId: row.userAccount.id,
    eventTypes: [...row.eventTypes],
  }));
  return {
    ...switchesOf(webhook),
    crm,
    owner: webhook.selectedOwner,
    emailService: webhook.emailService,
    objectLookupMethod: webhook.objectLookupMethod,
    lookupProperty:
      crm === 'HUBSPOT'
        ? (webhook.objectLookupIdField ?? optional.os_objectlookup_id ?? null)
        : webhook.objectDefaultSearchProperty,
    profileUrlProperty:
      crm === 'HUBSPOT' && social && webhook.objectLookupMethod === 'default'
        ? webhook.objectDefaultSearchProperty
        : (optional.profile_url ?? null),
    emailProperty: optional.email ?? null,
    objectLookupIdFieldEnabled: crm === 'SALESFORCE' && webhook.objectLookupIdField !== null,
    objectLookupIdProperty: crm === 'SALESFORCE' ? webhook.objectLookupIdField : null,
    approvedEvents: categories.length > 0 ? 'filtered' : 'all',
    apiKeyId: webhook.apiKeyId,
    categories,
    endpoints: endpoints.length > 0 ? endpoints : [emptyEndpointRow()],
    salesforceCustomFieldObjects: [...webhook.salesforceCustomFieldObjects],
    permissionSetId: null,
    // A stored webhook's custom fields were created before it could be saved.
    fieldsCreated: webhook.salesforceCustomFieldObjects.length > 0,
    logType: webhook.logType,
    salesforceTaskType: webhook.salesforceTaskType,
    customTaskSubject: webhook.customTaskSubject || DEFAULT_CUSTOM_TASK_SUBJECT,
    salesforceObjectType: webhook.salesforceObjectType,
  };
}

/**
 * Spec 01 §4 "Platform change", the same on both forms. The caller also reloads the categories
 * (the settings dialog, when its key is kept) and, on the create form, generates a new code
 * (both side effects, not state).
 */
export function changePlatform(values: WebhookFormValues, platform: Platform): WebhookFormValues {
  const social = isSocialTool(platform);
  const logType: LogType = social ? 1 : 0;
  const next: WebhookFormValues = {
    ...values,
    emailService: platform,
    createOrUpdateCompany: !social,
    endpoints: values.endpoints.map((row) => ({ ...row, eventTypes: [] })),
    logType,
    salesforceTaskType: logType === 1 ? defaultTaskType(platform) : values.salesforceTaskType,
    // A key belongs to one platform: another platform clears it and its categories, on the
    // create form (spec 01 §4) and in the settings dialog (see docs/decisions.md).
    ...(platform !== values.emailService ? { apiKeyId: null, categories: [] } : {}),
  };
  if (values.crm === 'HUBSPOT') {
    if (social) next.lookupProperty = DEFAULT_SOCIAL_LOOKUP_FIELD;
    else if (isSocialTool(values.emailService)) next.lookupProperty = null;
  }
  return changeLookupMethod(next, 'default');
}

/** Spec 01 §4 "Lookup defaults when a method is chosen". */
export function changeLookupMethod(
  values: WebhookFormValues,
  method: LookupMethod,
): WebhookFormValues {
  const next: WebhookFormValues = { ...values, objectLookupMethod: method };
  if (values.crm === 'SALESFORCE') {
    return {
      ...next,
      lookupProperty: SALESFORCE_LOOKUP_PROPERTY,
      emailProperty: SALESFORCE_EMAIL_PROPERTY,
    };
  }
  if (method === 'default') {
    return isSocialTool(values.emailService)
      ? { ...next, profileUrlProperty: DEFAULT_SOCIAL_LOOKUP_FIELD }
      : next;
  }
  return {
    ...next,
    lookupProperty: HUBSPOT_OBJECT_ID_PROPERTY,
    emailProperty: HUBSPOT_EMAIL_PROPERTY,
  };
}

/** Spec 01 §4: log type 1 gets the platform's default task type when none is chosen yet. */
export function changeLogType(values: WebhookFormValues, logType: LogType): WebhookFormValues {
  if (logType === 0 || values.salesforceTaskType) return { ...values, logType };
  return {
    ...values,
    logType,
    salesforceTaskType: values.emailService ? defaultTaskType(values.emailService) : 'Email',
  };
}

/**
 * Spec 01 §4 "Categories": removing the key clears the categories; another key's categories
 * are not this key's, so choosing another key clears them too (they are reloaded).
 */
export function changeApiKey(
  values: WebhookFormValues,
  apiKeyId: string | null,
): WebhookFormValues {
  if (apiKeyId === values.apiKeyId) return values;
  return { ...values, apiKeyId, categories: [] };
}

/** Spec 01 §4: a failed category load clears the key and the categories. */
export function categoriesLoadFailed(values: WebhookFormValues): WebhookFormValues {
  return { ...values, apiKeyId: null, categories: [] };
}

/** New objects need their fields created (again): the flag drops when the choice changes. */
export function changeCustomFieldObjects(
  values: WebhookFormValues,
  objects: CustomFieldObject[],
): WebhookFormValues {
  const same =
    objects.length === values.salesforceCustomFieldObjects.length &&
    objects.every((object) => values.salesforceCustomFieldObjects.includes(object));
  return {
    ...values,
    salesforceCustomFieldObjects: objects,
    fieldsCreated: same && values.fieldsCreated,
  };
}

/** The lead categories the filter offers for bison: its fixed list (spec 01 §9). */
export function fixedCategoriesOf(platform: Platform | null): WebhookCategory[] | null {
  return platform === 'bison' ? BISON_LEAD_CATEGORIES.map((category) => ({ ...category })) : null;
}

/** 'API Key' is shown only when filtered and the platform is smartlead, instantly or heyreach. */
export function showsApiKey(
  values: Pick<WebhookFormValues, 'approvedEvents' | 'emailService'>,
): boolean {
  return (
    values.approvedEvents === 'filtered' &&
    values.emailService !== null &&
    values.emailService !== 'bison'
  );
}

/**
 * The event types an endpoint row offers (not shown in the spec; see docs/decisions.md): the
 * social events for the social tool, the e-mail events for the sequencers, all 14 before a
 * platform is chosen.
 */
export function endpointEventTypeOptions(platform: Platform | null): readonly ActivityEventType[] {
  if (!platform) return [...EMAIL_ACTIVITY_EVENT_TYPES, ...SOCIAL_ACTIVITY_EVENT_TYPES];
  return isSocialTool(platform) ? SOCIAL_ACTIVITY_EVENT_TYPES : EMAIL_ACTIVITY_EVENT_TYPES;
}

/** The settings a form sends, before the save rules (the service checks and applies them). */
export function webhookBodyFromForm(values: WebhookFormValues): WebhookSettingsParsed {
  const social = isSocialTool(values.emailService);
  const hubspot = values.crm === 'HUBSPOT';
  const filtered = values.approvedEvents === 'filtered';
  return {
    emailService: values.emailService
      ? { type: values.emailService, name: platformFacts[values.emailService].displayName }
      : null,
    ...switchesOf(values),
    apiKeyId: filtered && showsApiKey(values) ? values.apiKeyId : null,
    smartleadBaseCategories: filtered ? values.categories : null,
    additionalEndpoints: values.endpoints.flatMap((row) =>
      row.userAccountId === null
        ? []
        : [{ userAccount: { id: row.userAccountId }, eventTypes: row.eventTypes }],
    ),
    customTaskSubject: values.customTaskSubject,
    logType: values.logType,
    salesforceObjectType: values.salesforceObjectType,
    salesforceCustomFieldObjects: values.salesforceCustomFieldObjects,
    salesforceTaskType: values.salesforceTaskType,
    objectLookupMethod: values.objectLookupMethod,
    objectLookupIdField: hubspot
      ? values.lookupProperty
      : !social && values.objectLookupIdFieldEnabled
        ? values.objectLookupIdProperty
        : null,
    objectDefaultSearchProperty: hubspot ? values.profileUrlProperty : values.lookupProperty,
    optionalAlternativeProperty: {
      email: values.emailProperty,
      profile_url: values.profileUrlProperty,
      os_objectlookup_id: hubspot ? values.lookupProperty : null,
    },
  };
}
