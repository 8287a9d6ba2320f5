import type { ActivityEventType } from '@outsync/contracts';
import type { CanonicalCategory, CanonicalEvent } from '@outsync/contracts/sync';
import type { WebhookSettings, WebhookSwitches } from '@outsync/contracts/webhooks';
import type {
  SalesforceFields,
  SalesforcePersonObject,
} from '../../../connectors/crm/salesforce/salesforce-objects.types';
import {
  CLICKS_COUNTER_FIELD,
  OPENS_COUNTER_FIELD,
  OUTSYNC_SALESFORCE_FIELDS,
  type SalesforceFieldDefinition,
} from './salesforce-field-catalog';
import {
  channelOf,
  connectionStatus,
  describeEvent,
  fullName,
  isInbound,
  isMessageEvent,
  isSocialEvent,
  platformName,
  presentValues,
  renderTaskSubject,
} from '../event-values';

// Pure: what the Salesforce writer looks up and writes, for one event and one webhook's settings
// (spec 01 §2.9, §4; issue 12 "Write to Salesforce").

/**
 * The webhook settings the Salesforce writer reads: those the SALESFORCE form offers (spec 01
 * §2.9). The HubSpot switches (company, task, owner assignment) are not on it: a Salesforce
 * webhook stores their defaults, and they change nothing here (docs/decisions.md "The settings-to-writes matrix").
 */
export type SalesforceWriteSettings = Pick<
  WebhookSwitches,
  'createContactCustomProperties' | 'salesforceOnlyUpdate'
> &
  Pick<
    WebhookSettings,
    | 'emailService'
    | 'logType'
    | 'customTaskSubject'
    | 'salesforceObjectType'
    | 'salesforceCustomFieldObjects'
    | 'salesforceTaskType'
    | 'objectLookupMethod'
    | 'objectLookupIdField'
    | 'objectDefaultSearchProperty'
    | 'optionalAlternativeProperty'
  > & {
    /** The Salesforce user id chosen as owner on create (selectedOwner.id; the spec's name). */
    hubspotOwnerId: string;
  };

/** A field and the value a person must hold in it to be the event's lead. */
export type SalesforceLookupKey = { field: string; value: string };

/** The lookup property preselected for Salesforce (spec 01 §4): os_objectlookup_id IS the record id. */
export const RECORD_ID_FIELD = 'Id';
/** A Salesforce record id, 15 (case-sensitive) or 18 characters. */
const RECORD_ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const EMAIL_FIELD = 'Email';

/** Salesforce's limits: Text fields and Task Subject 255, long text and Description 32,000. */
export const SUBJECT_MAX = 255;
export const DESCRIPTION_MAX = 32_000;

/** Lead.Company is required: the value when the event knows neither company nor domain. */
export const UNKNOWN_COMPANY = '[not provided]';
/** LastName is required on both objects: the value when the event has no name and no e-mail. */
export const UNKNOWN_LAST_NAME = 'Unknown';

/**
 * The ways to find the event's person, most specific first. The save rules store Salesforce's
 * lookup fields so (spec 01 §4): `objectLookupIdField` is the 'CRM property for
 * os_objectlookup_id' checkbox field, `objectDefaultSearchProperty` the lookup selection ('Id'
 * preselected: the value is the record id), `optionalAlternativeProperty` the social tool's
 * profile and e-mail fields. So:
 * - default: the e-mail in `Email`; the social tool first its profile-URL field;
 * - AlternativeProperty: os_objectlookup_id in the field(s) holding it, then the default ways
 *   (an event without the value is still synced by its e-mail);
 * - OptionalAlternativeProperty: os_objectlookup_id, profile URL, e-mail, each in the field the
 *   webhook names (the e-mail in `Email` when it names none).
 * Keys whose value the event lacks are left out, as is a value `Id` cannot hold (SOQL refuses a
 * malformed id, failing the whole lookup).
 */
export function lookupKeys(
  event: CanonicalEvent,
  settings: SalesforceWriteSettings,
): SalesforceLookupKey[] {
  const { lead } = event;
  const named = settings.optionalAlternativeProperty ?? {};
  const keys: Array<{ field: string | null | undefined; value: string | null }> = [];
  const objectIdIn = (field: string | null | undefined) =>
    keys.push({ field, value: event.objectLookupId });
  const profileAndEmail = (profileField: string | null | undefined) => {
    if (isSocialEvent(event)) keys.push({ field: profileField, value: lead.profileUrl });
    keys.push({ field: named.email ?? EMAIL_FIELD, value: lead.email });
  };
  switch (settings.objectLookupMethod) {
    case 'AlternativeProperty':
      objectIdIn(settings.objectLookupIdField);
      objectIdIn(settings.objectDefaultSearchProperty);
      profileAndEmail(named.profile_url);
      break;
    case 'OptionalAlternativeProperty':
      objectIdIn(named.os_objectlookup_id);
      objectIdIn(settings.objectLookupIdField);
      objectIdIn(settings.objectDefaultSearchProperty);
      profileAndEmail(named.profile_url);
      break;
    default:
      profileAndEmail(named.profile_url ?? settings.objectDefaultSearchProperty);
  }
  const seen = new Set<string>();
  return keys.flatMap(({ field, value }) => {
    if (!field || value === null || value.trim() === '') return [];
    if (isRecordIdField(field) && !RECORD_ID.test(value)) return [];
    const key = `${field.toLowerCase()}\u0000${value}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ field, value }];
  });
}

export function isRecordIdField(field: string): boolean {
  return field.toLowerCase() === RECORD_ID_FIELD.toLowerCase();
}

/** Whether the webhook writes OutSync's custom fields on its object. */
export function writesCustomFields(settings: SalesforceWriteSettings): boolean {
  return (
    settings.createContactCustomProperties &&
    settings.salesforceCustomFieldObjects.includes(settings.salesforceObjectType)
  );
}

/**
 * The person fields one event writes: the lead's own fields it carries (never blanking one it
 * lacks), and with custom fields on for the object, the catalog fields whose entry lists the
 * event type (salesforce-fields.json). Counters are not here (see `counterIncrements`).
 */
export function personFields(
  event: CanonicalEvent,
  settings: SalesforceWriteSettings,
): SalesforceFields {
  const { lead } = event;
  // Contacts have no company field of their own (their Account is), Leads do.
  const isLead = settings.salesforceObjectType === 'Lead';
  const fields: SalesforceFields = presentValues({
    FirstName: lead.firstName,
    LastName: lead.lastName,
    Email: lead.email,
    Title: lead.title,
    Phone: lead.phone,
    ...(isLead
      ? { Company: lead.company, Website: lead.domain ? `https://${lead.domain}` : null }
      : {}),
  });
  // An unsubscribe is Salesforce's own opt-out (Email Opt Out), which e-mail sends respect.
  if (event.type === 'LEAD_UNSUBSCRIBED') fields.HasOptedOutOfEmail = true;
  return { ...fields, ...customFields(event, settings) };
}

/** The catalog fields the event writes, with their values (empty when custom fields are off). */
export function customFields(
  event: CanonicalEvent,
  settings: SalesforceWriteSettings,
): SalesforceFields {
  if (!writesCustomFields(settings)) return {};
  const values = outsyncValues(event);
  const fields: SalesforceFields = {};
  for (const definition of OUTSYNC_SALESFORCE_FIELDS) {
    if (!definition.updatedBy.includes(event.type)) continue;
    if (definition.channel !== 'common' && definition.channel !== channelOf(event)) continue;
    const value = values[definition.name];
    if (value === null || value === undefined || value === '') continue;
    fields[definition.name] = fieldValue(definition, value);
  }
  return fields;
}

/** The value as the field takes it: a number for Number fields, text cut to the field's length. */
function fieldValue(definition: SalesforceFieldDefinition, value: string): string | number {
  if (definition.type === 'Number') return Number(value);
  return definition.length === undefined ? value : cut(value, definition.length);
}

/**
 * The fields a new person gets: the event's own, the lookup fields (so the next event's lookup
 * finds it; never `Id`, which Salesforce assigns), the selected owner, and the required fields
 * filled when the event lacks them:
 * - LastName: the e-mail's local part (a recognisable name), else 'Unknown';
 * - Lead.Company: the lead's company, else its domain (the closest thing to a company the
 *   sequencers send), else '[not provided]' (Salesforce's own placeholder for web-to-lead).
 */
export function newPersonFields(
  event: CanonicalEvent,
  settings: SalesforceWriteSettings,
  keys: readonly SalesforceLookupKey[],
): SalesforceFields {
  const fields: SalesforceFields = {};
  for (const key of keys) if (!isRecordIdField(key.field)) fields[key.field] = key.value;
  Object.assign(fields, personFields(event, settings));
  const { lead } = event;
  fields.LastName ??= lead.email?.split('@')[0] || UNKNOWN_LAST_NAME;
  if (settings.salesforceObjectType === 'Lead')
    fields.Company ??= lead.company || lead.domain || UNKNOWN_COMPANY;
  const owner = personOwner(settings);
  if (owner) fields.OwnerId = owner;
  return fields;
}

/**
 * The owner a new person gets: the webhook's selected Salesforce user. The form's only owner
 * choice is 'Select owner' (it has no 'Assign contact owner'), so the person OutSync creates is
 * theirs, as its Tasks are, not the integration user's. An existing person's owner is never
 * changed.
 */
export function personOwner(settings: SalesforceWriteSettings): string | null {
  return settings.hubspotOwnerId || null;
}

/** How much an event adds to the open and click counters (custom fields on only). */
export function counterIncrements(
  event: CanonicalEvent,
  settings: SalesforceWriteSettings,
): Partial<Record<typeof OPENS_COUNTER_FIELD | typeof CLICKS_COUNTER_FIELD, number>> {
  if (!writesCustomFields(settings)) return {};
  if (event.type === 'EMAIL_OPEN') return { [OPENS_COUNTER_FIELD]: 1 };
  if (event.type === 'EMAIL_LINK_CLICK') return { [CLICKS_COUNTER_FIELD]: 1 };
  return {};
}

/** The social activities as the `OSLastSocial…Type__c` fields name them. */
export function socialActivityLabel(event: Pick<CanonicalEvent, 'type' | 'isInmail'>): string {
  const inmail = event.isInmail;
  const labels: Partial<Record<ActivityEventType, string>> = {
    CONNECTION_REQUEST_SENT: 'Connection request sent',
    CONNECTION_REQUEST_ACCEPTED: 'Connection request accepted',
    MESSAGE_SENT: inmail ? 'InMail sent' : 'Message sent',
    REPLY_RECEIVED: inmail ? 'InMail reply received' : 'Reply received',
    FOLLOW_SENT: 'Followed',
    LIKED_POST: 'Post liked',
    VIEWED_PROFILE: 'Profile viewed',
  };
  return labels[event.type] ?? event.type;
}

/** The value of each catalog field for this event (whether the event writes it is the catalog's). */
function outsyncValues(event: CanonicalEvent): Record<string, string | null> {
  const at = event.occurredAt;
  const sender = event.sender.name ?? event.sender.email;
  const categoryId = event.category?.id ?? null;
  const categoryName = event.category?.name ?? null;
  const connection = connectionStatus(event);
  return {
    OSLastAppUrl__c: event.platformUrl,
    OSLastUpdateOccurred__c: at,
    OSLastUpdateSource__c: platformName(event),
    OSLastCampaignId__c: event.campaign.id,
    OSLastCampaignName__c: event.campaign.name,
    OSLastLeadCategoryId__c: categoryId,
    OSLastLeadCategoryName__c: categoryName,
    OSLastEmailCampaignId__c: event.campaign.id,
    OSLastEmailCampaignName__c: event.campaign.name,
    OSLastEmailLeadCategoryId__c: categoryId,
    OSLastEmailLeadCategoryName__c: categoryName,
    OSLastSocialCampaignId__c: event.campaign.id,
    OSLastSocialCampaignName__c: event.campaign.name,
    OSLastSocialLeadCategoryId__c: categoryId,
    OSLastSocialLeadCategoryName__c: categoryName,
    OSLastSentTime__c: at,
    OSLastSentAddress__c: event.sender.email,
    OSLastSentName__c: event.sender.name,
    OSLastSentSubject__c: event.subject,
    OSLastSentMessage__c: event.bodyText,
    OSLastEmailSequenceStep__c: event.sequenceStep === null ? null : String(event.sequenceStep),
    OSLastOpenTime__c: at,
    OSLastOpenSubject__c: event.subject,
    OSLastOpenMessage__c: event.bodyText,
    OSLastReplyTime__c: at,
    OSLastReplyAddress__c: event.lead.email,
    OSLastReplyName__c: fullName(event.lead) || null,
    OSLastReplySubject__c: event.subject,
    OSLastReplyMessage__c: event.bodyText,
    OSLastLinkClickTime__c: at,
    OSLastLinkClickURL__c: event.link,
    OSLastBounceTime__c: at,
    OSLastUnsubscribeTime__c: at,
    OSLastConnectionStatus__c: connection,
    OSLastConnectionStatusTime__c: at,
    OSLastSentSocialTime__c: at,
    OSLastSentSocialMessage__c: event.bodyText,
    OSLastSentSocialProfile__c: event.lead.profileUrl,
    OSLastSentSocialSender__c: sender,
    OSLastReplySocialTime__c: at,
    OSLastReplySocialMessage__c: event.bodyText,
    OSLastReplySocialProfile__c: event.lead.profileUrl,
    OSLastReplySocialSender__c: sender,
    OSLastFollowTime__c: at,
    OSLastFollowSender__c: sender,
    OSLastLikeTime__c: at,
    OSLastLikeSender__c: sender,
    OSLastLikePostUrl__c: event.link,
    OSLastViewTime__c: at,
    OSLastViewSender__c: sender,
    OSLastSocialProfileUrl__c: event.lead.profileUrl,
    OSLastSocialSenderProfileUrl__c: event.sender.profileUrl,
    OSLastSocialActivityTime__c: at,
    OSLastSocialActivityType__c: socialActivityLabel(event),
    OSLastSocialMessageType__c: socialActivityLabel(event),
    OSLastSocialMessageText__c: event.bodyText,
    OSLastSocialPostUrl__c: event.link,
  };
}

/**
 * The Task an event logs on its person (WhoId is the writer's):
 * - a Task for every event with log type 1 (the form's task choice; HubSpot's "Create task" is
 *   not on it): Type = the webhook's task type, Subject = its custom subject rendered from the
 *   event, its lead category tokens from `context.leadCategory` when the event sets none;
 * - log type 0: an e-mail activity for e-mail sends and replies: a Task with TaskSubtype
 *   'Email' (every org has it; EmailMessage needs Enhanced Email), Subject = the e-mail's;
 *   a completed Task for the social tool's messages and connections, as HubSpot's writer does;
 *   opens, clicks, bounces, unsubscribes, category changes, follows, likes and views only update
 *   the person's fields.
 */
export function activityOf(
  event: CanonicalEvent,
  settings: SalesforceWriteSettings,
  context: { leadCategory?: CanonicalCategory | null; ownerTimeZone?: string | null } = {},
): SalesforceFields | null {
  const common: SalesforceFields = {
    Description: cut(event.bodyText || describeEvent(event), DESCRIPTION_MAX),
    ActivityDate: activityDate(event.occurredAt, context.ownerTimeZone),
    Status: 'Completed',
    ...(settings.hubspotOwnerId ? { OwnerId: settings.hubspotOwnerId } : {}),
  };
  const wantsTask = settings.logType === 1;
  if (!wantsTask && !isSocialEvent(event) && isMessageEvent(event.type)) {
    return {
      Subject: cut(event.subject || emailSubject(event), SUBJECT_MAX),
      ...common,
      // Create only: Salesforce refuses TaskSubtype on update (this Task is never updated).
      TaskSubtype: 'Email',
    };
  }
  const socialActivity =
    isSocialEvent(event) &&
    (isMessageEvent(event.type) ||
      event.type === 'CONNECTION_REQUEST_SENT' ||
      event.type === 'CONNECTION_REQUEST_ACCEPTED');
  if (!wantsTask && !socialActivity) return null;
  // The lead's category tokens name the category the lead is in, not only one the event sets.
  const subjectEvent = event.category
    ? event
    : { ...event, category: context.leadCategory ?? null };
  return {
    Subject: cut(
      renderTaskSubject(settings.customTaskSubject, subjectEvent) || describeEvent(event),
      SUBJECT_MAX,
    ),
    ...common,
    ...(settings.salesforceTaskType ? { Type: settings.salesforceTaskType } : {}),
  };
}

/** Whether the webhook's Tasks name the lead's category ({{ lead_category_id / _name }}). */
export function subjectNamesCategory(settings: SalesforceWriteSettings): boolean {
  return (
    settings.logType === 1 &&
    /\{\{\s*lead_category_(?:id|name)\s*\}\}/.test(settings.customTaskSubject)
  );
}

/** An e-mail without a subject: who wrote to whom, as an e-mail client would show it. */
function emailSubject(event: CanonicalEvent): string {
  return isInbound(event.type) ? `Reply: ${describeEvent(event)}` : describeEvent(event);
}

/**
 * Task.ActivityDate is a date without a time zone: the day the event occurred where the Task's
 * owner works (their Salesforce time zone), as their task lists count days; the UTC day when the
 * owner's zone is unknown. An event at 23:30 in San Francisco is dated that day, not the next.
 */
export function activityDate(occurredAt: string, timeZone?: string | null): string {
  const at = new Date(occurredAt);
  if (Number.isNaN(at.getTime())) return occurredAt.slice(0, 10);
  if (timeZone) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      return new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(at);
    } catch {
      // An unknown zone name: the UTC day below.
    }
  }
  return at.toISOString().slice(0, 10);
}

/** The text cut to `max` characters (Salesforce refuses longer values with STRING_TOO_LONG). */
export function cut(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** Why an Update Only webhook wrote nothing for the event, in the customer's words. */
export function updateOnlyMessage(
  object: SalesforcePersonObject,
  keys: readonly SalesforceLookupKey[],
): string {
  const searched = keys.map((key) => `${key.field} = ${key.value}`).join(', then ');
  return `No Salesforce ${object} matches this lead (looked up by ${searched}), and the webhook is set to Update Only, so no ${object} was created.`;
}

/**
 * The warning for custom fields the object lacks or the connected user cannot see: their
 * values are left out, the rest is written. One sentence per event, whatever the number.
 */
export function missingFieldsWarning(
  object: SalesforcePersonObject,
  missing: readonly string[],
): string {
  const shown = missing.slice(0, 3).join(', ');
  const more = missing.length > 3 ? ` and ${missing.length - 3} more` : '';
  return `Salesforce ${object} has no OutSync field ${shown}${more} that the connected user can see, so those values were not written: click "Create Fields" in the webhook's settings to add them.`;
}
