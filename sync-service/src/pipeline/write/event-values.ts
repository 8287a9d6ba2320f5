import {
  DEFAULT_CUSTOM_TASK_SUBJECT,
  platformFacts,
  type ActivityEventType,
} from '@outsync/contracts';
import type { CanonicalEvent } from '@outsync/contracts/sync';
import type { CustomTaskSubjectToken } from '@outsync/contracts/webhooks';

// CRM-neutral readings of a canonical event: the values both writers (HubSpot now, Salesforce
// in issue 12) put into records, and the custom task subject.

export function platformName(event: Pick<CanonicalEvent, 'platform'>): string {
  return platformFacts[event.platform].displayName;
}

export function isSocialEvent(event: Pick<CanonicalEvent, 'platform'>): boolean {
  return platformFacts[event.platform].kind === 'social-tool';
}

/** Which of a catalog's channels an event writes to: the social tool's or e-mail's. */
export function channelOf(event: Pick<CanonicalEvent, 'platform'>): 'email' | 'social' {
  return isSocialEvent(event) ? 'social' : 'email';
}

/** The lead's connection as the connection status property says it; null for other events. */
export function connectionStatus(event: Pick<CanonicalEvent, 'type'>): string | null {
  if (event.type === 'CONNECTION_REQUEST_ACCEPTED') return 'Connected';
  return event.type === 'CONNECTION_REQUEST_SENT' ? 'Connection request sent' : null;
}

export function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter((part) => part).join(' ');
}

/** The values of the {{ tokens }} of a custom task subject (spec 01 §5); a missing value is ''. */
export function subjectTokenValues(event: CanonicalEvent): Record<CustomTaskSubjectToken, string> {
  return {
    os_sales_engagement_platform: platformName(event),
    event_type: event.type,
    to_name: fullName(event.lead),
    from_name: event.sender.name ?? '',
    to_email: event.lead.email ?? '',
    from_email: event.sender.email ?? '',
    campaign_name: event.campaign.name ?? '',
    campaign_id: event.campaign.id ?? '',
    subject: event.subject ?? '',
    sequence_number: event.sequenceStep === null ? '' : String(event.sequenceStep),
    lead_category_id: event.category?.id ?? '',
    lead_category_name: event.category?.name ?? '',
  };
}

/**
 * The task subject: the webhook's custom subject (or the default one, spec 01 §9) with each
 * {{ token }} replaced by the event's value. A token with no value renders as nothing, never as
 * the raw token; an unknown token (the save rules refuse them, but a stored subject may predate
 * a rule) renders as nothing too. Runs of spaces left by empty values collapse.
 */
export function renderTaskSubject(
  template: string | null | undefined,
  event: CanonicalEvent,
): string {
  const values: Record<string, string> = subjectTokenValues(event);
  const source = template && template.trim() !== '' ? template : DEFAULT_CUSTOM_TASK_SUBJECT;
  // Own keys only: `{{ constructor }}` must not render Object's prototype.
  const valueOf = (name: string) => (Object.hasOwn(values, name) && values[name]) || '';
  return source
    .replace(/\{\{([^{}]*)\}\}/g, (_match, name: string) => valueOf(name.trim()))
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Events that are a message between the lead and the customer (an activity worth logging). */
const MESSAGE_EVENTS: ReadonlySet<ActivityEventType> = new Set([
  'EMAIL_SENT',
  'EMAIL_REPLY',
  'MESSAGE_SENT',
  'REPLY_RECEIVED',
]);

export function isMessageEvent(type: ActivityEventType): boolean {
  return MESSAGE_EVENTS.has(type);
}

/** Inbound: the lead wrote to us. */
export function isInbound(type: ActivityEventType): boolean {
  return type === 'EMAIL_REPLY' || type === 'REPLY_RECEIVED';
}

/** A one-line description of the event for a task body when it carries no message. */
export function describeEvent(event: CanonicalEvent): string {
  const who = fullName(event.lead) || event.lead.email || event.lead.profileUrl || 'The lead';
  const where = event.campaign.name ? ` (campaign ${event.campaign.name})` : '';
  const detail: Record<ActivityEventType, string> = {
    EMAIL_SENT: `E-mail sent to ${who}`,
    EMAIL_OPEN: `${who} opened an e-mail`,
    EMAIL_REPLY: `${who} replied`,
    EMAIL_LINK_CLICK: `${who} clicked ${event.link ?? 'a link'}`,
    EMAIL_BOUNCE: `E-mail to ${who} bounced`,
    LEAD_CATEGORY_UPDATED: `${who} is now ${event.category?.name ?? event.category?.id ?? 'uncategorised'}`,
    LEAD_UNSUBSCRIBED: `${who} unsubscribed`,
    CONNECTION_REQUEST_SENT: `Connection request sent to ${who}`,
    CONNECTION_REQUEST_ACCEPTED: `${who} accepted the connection request`,
    MESSAGE_SENT: `${event.isInmail ? 'InMail' : 'Message'} sent to ${who}`,
    REPLY_RECEIVED: `${who} replied${event.isInmail ? ' to an InMail' : ''}`,
    FOLLOW_SENT: `Followed ${who}`,
    LIKED_POST: `Liked a post of ${who}${event.link ? `: ${event.link}` : ''}`,
    VIEWED_PROFILE: `Viewed the profile of ${who}`,
  };
  return `${detail[event.type]} on ${platformName(event)}${where}.`;
}

/**
 * The entries that hold a value: a field the event lacks (null, undefined, empty) is left out,
 * so writing the result never blanks what the CRM already has.
 */
export function presentValues(
  values: Record<string, string | null | undefined>,
): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    if (value !== null && value !== undefined && value !== '') present[name] = value;
  return present;
}
