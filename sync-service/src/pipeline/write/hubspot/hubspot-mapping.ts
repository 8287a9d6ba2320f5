import { DEFAULT_CUSTOM_TASK_SUBJECT, DEFAULT_SOCIAL_LOOKUP_FIELD } from '@outsync/contracts';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { WebhookSettings, WebhookSwitches } from '@outsync/contracts/webhooks';
import type { HubspotProperties } from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { OUTSYNC_CONTACT_PROPERTIES } from './hubspot-property-catalog';
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

// Pure: what the HubSpot writer searches for and writes, for one event and one webhook's
// settings (spec 01 §2.7–2.8, §4 "Lookup fields written on save"; issue 11 "Write to HubSpot").

/**
 * The webhook settings the HubSpot writer reads: those the HUBSPOT form offers (spec 01 §2.8).
 * Log Type, Custom Task Subject and the Salesforce settings are not on it; a HubSpot webhook may
 * still store them (the social tool's platform change sets log type 1 on both forms), and they
 * change nothing here (docs/decisions.md "The settings-to-writes matrix").
 */
export type HubspotWriteSettings = Omit<WebhookSwitches, 'salesforceOnlyUpdate'> &
  Pick<
    WebhookSettings,
    | 'emailService'
    | 'objectLookupMethod'
    | 'objectLookupIdField'
    | 'objectDefaultSearchProperty'
    | 'optionalAlternativeProperty'
  > & {
    /** The CRM owner chosen on create (selectedOwner.id). */
    hubspotOwnerId: string;
  };

/** A property and the value a contact must hold in it to be the event's lead. */
export type LookupKey = { property: string; value: string };

export const OPENS_COUNTER = 'os_number_of_email_opens';
export const CLICKS_COUNTER = 'os_number_of_email_link_clicks';

/**
 * The ways to find the event's contact, most specific first (spec 01 §4):
 * - default: the e-mail; the social tool searches its profile-URL property (default
 *   `hs_linkedin_url`), then the e-mail when the lead has one;
 * - AlternativeProperty: the property holding `os_objectlookup_id`, then the default ways
 *   (an event without the value is still synced by its e-mail);
 * - OptionalAlternativeProperty: os_objectlookup_id, profile URL, e-mail, each in the property
 *   the webhook names (the e-mail in `email` when it names none). Other platforms than the
 *   social tool name os_objectlookup_id's property in `objectLookupIdField` (the save rules keep
 *   only that one for them).
 * Keys whose value the event lacks are left out.
 */
export function lookupKeys(event: CanonicalEvent, settings: HubspotWriteSettings): LookupKey[] {
  const { lead } = event;
  const keys: Array<{ property: string | null | undefined; value: string | null }> = [];
  const defaults = () => {
    if (isSocialEvent(event)) {
      keys.push({
        property: settings.objectDefaultSearchProperty ?? DEFAULT_SOCIAL_LOOKUP_FIELD,
        value: lead.profileUrl,
      });
    }
    keys.push({ property: 'email', value: lead.email });
  };
  switch (settings.objectLookupMethod) {
    case 'AlternativeProperty':
      keys.push({ property: settings.objectLookupIdField, value: event.objectLookupId });
      defaults();
      break;
    case 'OptionalAlternativeProperty': {
      const names = settings.optionalAlternativeProperty ?? {};
      keys.push({
        property: names.os_objectlookup_id ?? settings.objectLookupIdField,
        value: event.objectLookupId,
      });
      keys.push({ property: names.profile_url, value: lead.profileUrl });
      keys.push({ property: names.email ?? 'email', value: lead.email });
      break;
    }
    default:
      defaults();
  }
  const seen = new Set<string>();
  return keys.flatMap(({ property, value }) => {
    if (!property || value === null || value === '') return [];
    const key = `${property}\u0000${value}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ property, value }];
  });
}

/** Properties a new contact gets so that the next event's lookup finds it. */
export function identityProperties(keys: readonly LookupKey[]): HubspotProperties {
  return Object.fromEntries(keys.map((key) => [key.property, key.value]));
}

/**
 * The contact properties one event writes: the lead's own fields it carries (never blanking
 * one it lacks), and with custom properties on, the `os_*` properties whose catalog entry
 * lists the event type (hubspot-properties.json). Counters are not here (see `counterIncrements`).
 */
export function contactProperties(
  event: CanonicalEvent,
  settings: HubspotWriteSettings,
): HubspotProperties {
  const { lead } = event;
  const properties: HubspotProperties = presentValues({
    email: lead.email,
    firstname: lead.firstName,
    lastname: lead.lastName,
    company: lead.company,
    jobtitle: lead.title,
    phone: lead.phone,
    website: lead.domain ? `https://${lead.domain}` : null,
  });
  if (!settings.createContactCustomProperties) return properties;
  const values = outsyncValues(event);
  const changed = OUTSYNC_CONTACT_PROPERTIES.filter(
    (definition) =>
      definition.updatedBy.includes(event.type) &&
      (definition.channel === 'common' || definition.channel === channelOf(event)),
  );
  return {
    ...properties,
    ...presentValues(Object.fromEntries(changed.map(({ name }) => [name, values[name]]))),
  };
}

/** How much an event adds to the open and click counters. */
export function counterIncrements(
  event: CanonicalEvent,
  settings: HubspotWriteSettings,
): Partial<Record<typeof OPENS_COUNTER | typeof CLICKS_COUNTER, number>> {
  if (!settings.createContactCustomProperties) return {};
  if (event.type === 'EMAIL_OPEN') return { [OPENS_COUNTER]: 1 };
  if (event.type === 'EMAIL_LINK_CLICK') return { [CLICKS_COUNTER]: 1 };
  return {};
}

/** The value of each `os_*` property for this event (whether the event writes it is the catalog's). */
function outsyncValues(event: CanonicalEvent): Record<string, string | null> {
  const at = event.occurredAt;
  const sender = event.sender.name ?? event.sender.email;
  const categoryId = event.category?.id ?? null;
  const categoryName = event.category?.name ?? null;
  const connection = connectionStatus(event);
  return {
    os_last_app_url: event.platformUrl,
    os_last_update_occurred: at,
    os_last_update_source: platformName(event),
    os_last_campaign_id: event.campaign.id,
    os_last_campaign_name: event.campaign.name,
    os_last_email_campaign_id: event.campaign.id,
    os_last_email_campaign_name: event.campaign.name,
    os_last_social_campaign_id: event.campaign.id,
    os_last_social_campaign_name: event.campaign.name,
    os_last_lead_category_id: categoryId,
    os_last_lead_category_name: categoryName,
    os_last_email_lead_category_id: categoryId,
    os_last_email_lead_category_name: categoryName,
    os_last_social_lead_category_id: categoryId,
    os_last_social_lead_category_name: categoryName,
    os_last_sent_time: at,
    os_last_sent_address: event.sender.email,
    os_last_sent_name: event.sender.name,
    os_last_sent_subject: event.subject,
    os_last_sent_message: event.bodyText,
    os_last_email_sequence_step: event.sequenceStep === null ? null : String(event.sequenceStep),
    os_last_open_time: at,
    os_last_open_subject: event.subject,
    os_last_open_message: event.bodyText,
    os_last_reply_time: at,
    os_last_reply_address: event.lead.email,
    os_last_reply_name: fullName(event.lead) || null,
    os_last_reply_subject: event.subject,
    os_last_reply_message: event.bodyText,
    os_last_link_click_time: at,
    os_last_link_click_url: event.link,
    os_last_bounce_time: at,
    os_last_unsubscribe_time: at,
    os_last_connection_status: connection,
    os_last_connection_status_time: at,
    os_last_sent_social_time: at,
    os_last_sent_social_message: event.bodyText,
    os_last_sent_social_profile: event.lead.profileUrl,
    os_last_sent_social_sender: sender,
    os_last_reply_social_time: at,
    os_last_reply_social_message: event.bodyText,
    os_last_reply_social_profile: event.lead.profileUrl,
    os_last_reply_social_sender: sender,
    os_last_follow_time: at,
    os_last_follow_sender: sender,
    os_last_like_time: at,
    os_last_like_sender: sender,
    os_last_like_post_url: event.link,
    os_last_view_time: at,
    os_last_view_sender: sender,
  };
}

/**
 * The company an event's lead belongs to: by domain, when the webhook creates companies. A new
 * one is named after the lead's company: the event's, else the one its contact already holds
 * (`contactCompany`: Smartlead sends the lead's company only with category changes), else its
 * domain.
 */
export function companyOf(
  event: CanonicalEvent,
  settings: HubspotWriteSettings,
  contactCompany: string | null = null,
): { domain: string; properties: HubspotProperties } | null {
  const domain = event.lead.domain;
  if (!settings.createOrUpdateCompany || !domain) return null;
  const name = event.lead.company ?? contactCompany ?? domain;
  const properties: HubspotProperties = { domain, name };
  if (settings.assignCompanyOwner && settings.hubspotOwnerId)
    properties.hubspot_owner_id = settings.hubspotOwnerId;
  return { domain, properties };
}

/**
 * What OutSync fills in on a company HubSpot already has, given the `company` it would create
 * (`companyOf`): only what is empty, never the customer's own data.
 * - `name`, when HubSpot's is empty or only the domain (a placeholder: HubSpot's, an import's,
 *   or OutSync's before it knew the lead's company), and the lead's company is known;
 * - `hubspot_owner_id` (Assign company owner, with an owner selected), when it has no owner:
 *   someone's account is never reassigned.
 * Empty when nothing needs writing, so a retry after the update writes nothing again.
 */
export function companyFill(
  current: Readonly<Record<string, string | null | undefined>>,
  company: { domain: string; properties: HubspotProperties },
): HubspotProperties {
  const fill: HubspotProperties = {};
  const { name, hubspot_owner_id: owner } = company.properties;
  if (
    name &&
    !isPlaceholderName(name, company.domain) &&
    isPlaceholderName(current.name, company.domain)
  )
    fill.name = name;
  if (owner && !current.hubspot_owner_id?.trim()) fill.hubspot_owner_id = owner;
  return fill;
}

/** Empty, or the domain itself (`acme.com`, `www.acme.com`, `https://acme.com/`). */
function isPlaceholderName(name: string | null | undefined, domain: string): boolean {
  const bare = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
  return bare === '' || bare === domain.toLowerCase();
}

export type EngagementPlan = { type: 'emails' | 'tasks'; properties: HubspotProperties };

/**
 * The activity an event logs on the contact's timeline:
 * - a task for every event with "Create task" (createOrUpdateTask), with the default subject
 *   (the HUBSPOT form has neither Log Type nor Custom Task Subject);
 * - otherwise an e-mail for e-mail sends and replies (direction EMAIL / INCOMING_EMAIL), and a
 *   completed task for the social tool's messages, connection requests and replies (HubSpot
 *   has no LinkedIn message object); opens, clicks, bounces, unsubscribes, category changes,
 *   follows, likes and views only update the contact's properties.
 */
export function engagementOf(
  event: CanonicalEvent,
  settings: HubspotWriteSettings,
): EngagementPlan | null {
  const owner: HubspotProperties = settings.hubspotOwnerId
    ? { hubspot_owner_id: settings.hubspotOwnerId }
    : {};
  const timestamp = event.occurredAt;
  const wantsTask = settings.createOrUpdateTask;
  if (!wantsTask && !isSocialEvent(event) && isMessageEvent(event.type)) {
    return {
      type: 'emails',
      properties: {
        hs_timestamp: timestamp,
        hs_email_direction: isInbound(event.type) ? 'INCOMING_EMAIL' : 'EMAIL',
        hs_email_status: 'SENT',
        hs_email_subject: event.subject ?? '',
        hs_email_text: event.bodyText ?? '',
        ...(event.bodyHtml ? { hs_email_html: event.bodyHtml } : {}),
        hs_email_headers: JSON.stringify(emailHeaders(event)),
        ...owner,
      },
    };
  }
  const socialActivity =
    isSocialEvent(event) &&
    (isMessageEvent(event.type) ||
      event.type === 'CONNECTION_REQUEST_SENT' ||
      event.type === 'CONNECTION_REQUEST_ACCEPTED');
  if (!wantsTask && !socialActivity) return null;
  return {
    type: 'tasks',
    properties: {
      hs_timestamp: timestamp,
      hs_task_subject: renderTaskSubject(DEFAULT_CUSTOM_TASK_SUBJECT, event),
      hs_task_body: event.bodyText ?? describeEvent(event),
      hs_task_status: 'COMPLETED',
      hs_task_type: isSocialEvent(event) ? 'TODO' : 'EMAIL',
      ...owner,
    },
  };
}

/** `hs_email_headers`: who wrote to whom, as HubSpot shows it on the timeline. */
function emailHeaders(event: CanonicalEvent) {
  const lead = {
    email: event.lead.email ?? '',
    firstName: event.lead.firstName ?? '',
    lastName: event.lead.lastName ?? '',
  };
  const [senderFirst = '', ...senderRest] = (event.sender.name ?? '').split(' ');
  const sender = {
    email: event.sender.email ?? '',
    firstName: senderFirst,
    lastName: senderRest.join(' '),
  };
  return isInbound(event.type)
    ? { from: lead, to: [sender], cc: [], bcc: [] }
    : { from: sender, to: [lead], cc: [], bcc: [] };
}
