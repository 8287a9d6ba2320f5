// OutSync's custom fields on Salesforce Lead and Contact, as the writer fills them: the reference
// crm-properties/salesforce-fields.json (API name, Salesforce type and length, channel, and the
// canonical events that write it). The fields "Create Fields" creates are the same names
// (modules/profiles/salesforce-custom-fields.ts; a test keeps the two lists equal).
import {
  EMAIL_ACTIVITY_EVENT_TYPES,
  SOCIAL_ACTIVITY_EVENT_TYPES,
  type ActivityEventType,
} from '@outsync/contracts';

export type SalesforceFieldDefinition = {
  /** The API name, the same on Lead and Contact. */
  name: string;
  type: 'Text' | 'LongTextArea' | 'DateTime' | 'Number';
  /** Text and LongTextArea: the most characters the field takes (longer values are cut). */
  length?: number;
  /** E-mail platforms write `email` and `common` fields, the social tool `social` and `common`. */
  channel: 'email' | 'social' | 'common';
  updatedBy: readonly ActivityEventType[];
};

export const OPENS_COUNTER_FIELD = 'OSNumberOfEmailOpens__c';
export const CLICKS_COUNTER_FIELD = 'OSNumberOfEmailLinkClicks__c';

const EMAIL_EVENTS = EMAIL_ACTIVITY_EVENT_TYPES;
const SOCIAL_EVENTS = SOCIAL_ACTIVITY_EVENT_TYPES;
const EVERY_EVENT = [...EMAIL_EVENTS, ...SOCIAL_EVENTS];

export const OUTSYNC_SALESFORCE_FIELDS: readonly SalesforceFieldDefinition[] = [
  { name: 'OSLastAppUrl__c', type: 'Text', length: 255, channel: 'common', updatedBy: EVERY_EVENT },
  {
    name: 'OSLastCampaignId__c',
    type: 'Text',
    length: 255,
    channel: 'common',
    updatedBy: EVERY_EVENT,
  },
  {
    name: 'OSLastCampaignName__c',
    type: 'Text',
    length: 255,
    channel: 'common',
    updatedBy: EVERY_EVENT,
  },
  {
    name: 'OSLastLeadCategoryId__c',
    type: 'Text',
    length: 255,
    channel: 'common',
    updatedBy: ['LEAD_CATEGORY_UPDATED'],
  },
  {
    name: 'OSLastLeadCategoryName__c',
    type: 'Text',
    length: 255,
    channel: 'common',
    updatedBy: ['LEAD_CATEGORY_UPDATED'],
  },
  { name: 'OSLastUpdateOccurred__c', type: 'DateTime', channel: 'common', updatedBy: EVERY_EVENT },
  {
    name: 'OSLastUpdateSource__c',
    type: 'Text',
    length: 255,
    channel: 'common',
    updatedBy: EVERY_EVENT,
  },
  { name: 'OSLastBounceTime__c', type: 'DateTime', channel: 'email', updatedBy: ['EMAIL_BOUNCE'] },
  {
    name: 'OSLastEmailCampaignId__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: EMAIL_EVENTS,
  },
  {
    name: 'OSLastEmailCampaignName__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: EMAIL_EVENTS,
  },
  {
    name: 'OSLastEmailLeadCategoryId__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['LEAD_CATEGORY_UPDATED'],
  },
  {
    name: 'OSLastEmailLeadCategoryName__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['LEAD_CATEGORY_UPDATED'],
  },
  {
    name: 'OSLastEmailSequenceStep__c',
    type: 'Number',
    channel: 'email',
    updatedBy: ['EMAIL_SENT'],
  },
  {
    name: 'OSLastLinkClickTime__c',
    type: 'DateTime',
    channel: 'email',
    updatedBy: ['EMAIL_LINK_CLICK'],
  },
  {
    name: 'OSLastLinkClickURL__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_LINK_CLICK'],
  },
  {
    name: 'OSLastOpenMessage__c',
    type: 'LongTextArea',
    length: 32000,
    channel: 'email',
    updatedBy: ['EMAIL_OPEN'],
  },
  {
    name: 'OSLastOpenSubject__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_OPEN'],
  },
  { name: 'OSLastOpenTime__c', type: 'DateTime', channel: 'email', updatedBy: ['EMAIL_OPEN'] },
  {
    name: 'OSLastReplyAddress__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_REPLY'],
  },
  {
    name: 'OSLastReplyMessage__c',
    type: 'LongTextArea',
    length: 32000,
    channel: 'email',
    updatedBy: ['EMAIL_REPLY'],
  },
  {
    name: 'OSLastReplyName__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_REPLY'],
  },
  {
    name: 'OSLastReplySubject__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_REPLY'],
  },
  { name: 'OSLastReplyTime__c', type: 'DateTime', channel: 'email', updatedBy: ['EMAIL_REPLY'] },
  {
    name: 'OSLastSentAddress__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_SENT'],
  },
  {
    name: 'OSLastSentMessage__c',
    type: 'LongTextArea',
    length: 32000,
    channel: 'email',
    updatedBy: ['EMAIL_SENT'],
  },
  {
    name: 'OSLastSentName__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_SENT'],
  },
  {
    name: 'OSLastSentSubject__c',
    type: 'Text',
    length: 255,
    channel: 'email',
    updatedBy: ['EMAIL_SENT'],
  },
  { name: 'OSLastSentTime__c', type: 'DateTime', channel: 'email', updatedBy: ['EMAIL_SENT'] },
  {
    name: 'OSLastUnsubscribeTime__c',
    type: 'DateTime',
    channel: 'email',
    updatedBy: ['LEAD_UNSUBSCRIBED'],
  },
  {
    name: 'OSNumberOfEmailLinkClicks__c',
    type: 'Number',
    channel: 'email',
    updatedBy: ['EMAIL_LINK_CLICK'],
  },
  { name: 'OSNumberOfEmailOpens__c', type: 'Number', channel: 'email', updatedBy: ['EMAIL_OPEN'] },
  {
    name: 'OSLastConnectionStatusTime__c',
    type: 'DateTime',
    channel: 'social',
    updatedBy: ['CONNECTION_REQUEST_SENT', 'CONNECTION_REQUEST_ACCEPTED'],
  },
  {
    name: 'OSLastConnectionStatus__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['CONNECTION_REQUEST_SENT', 'CONNECTION_REQUEST_ACCEPTED'],
  },
  {
    name: 'OSLastFollowSender__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['FOLLOW_SENT'],
  },
  { name: 'OSLastFollowTime__c', type: 'DateTime', channel: 'social', updatedBy: ['FOLLOW_SENT'] },
  {
    name: 'OSLastLikePostUrl__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['LIKED_POST'],
  },
  {
    name: 'OSLastLikeSender__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['LIKED_POST'],
  },
  { name: 'OSLastLikeTime__c', type: 'DateTime', channel: 'social', updatedBy: ['LIKED_POST'] },
  {
    name: 'OSLastReplySocialMessage__c',
    type: 'LongTextArea',
    length: 32000,
    channel: 'social',
    updatedBy: ['REPLY_RECEIVED'],
  },
  {
    name: 'OSLastReplySocialProfile__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['REPLY_RECEIVED'],
  },
  {
    name: 'OSLastReplySocialSender__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['REPLY_RECEIVED'],
  },
  {
    name: 'OSLastReplySocialTime__c',
    type: 'DateTime',
    channel: 'social',
    updatedBy: ['REPLY_RECEIVED'],
  },
  {
    name: 'OSLastSentSocialMessage__c',
    type: 'LongTextArea',
    length: 32000,
    channel: 'social',
    updatedBy: ['MESSAGE_SENT'],
  },
  {
    name: 'OSLastSentSocialProfile__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['MESSAGE_SENT'],
  },
  {
    name: 'OSLastSentSocialSender__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['MESSAGE_SENT'],
  },
  {
    name: 'OSLastSentSocialTime__c',
    type: 'DateTime',
    channel: 'social',
    updatedBy: ['MESSAGE_SENT'],
  },
  {
    name: 'OSLastSocialActivityTime__c',
    type: 'DateTime',
    channel: 'social',
    updatedBy: SOCIAL_EVENTS,
  },
  {
    name: 'OSLastSocialActivityType__c',
    type: 'Text',
    length: 100,
    channel: 'social',
    updatedBy: SOCIAL_EVENTS,
  },
  {
    name: 'OSLastSocialCampaignId__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: SOCIAL_EVENTS,
  },
  {
    name: 'OSLastSocialCampaignName__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: SOCIAL_EVENTS,
  },
  {
    name: 'OSLastSocialLeadCategoryId__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['LEAD_CATEGORY_UPDATED'],
  },
  {
    name: 'OSLastSocialLeadCategoryName__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['LEAD_CATEGORY_UPDATED'],
  },
  {
    name: 'OSLastSocialMessageText__c',
    type: 'LongTextArea',
    length: 32000,
    channel: 'social',
    updatedBy: ['MESSAGE_SENT', 'REPLY_RECEIVED'],
  },
  {
    name: 'OSLastSocialMessageType__c',
    type: 'Text',
    length: 50,
    channel: 'social',
    updatedBy: ['MESSAGE_SENT', 'REPLY_RECEIVED'],
  },
  {
    name: 'OSLastSocialPostUrl__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['LIKED_POST'],
  },
  {
    name: 'OSLastSocialProfileUrl__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: SOCIAL_EVENTS,
  },
  {
    name: 'OSLastSocialSenderProfileUrl__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: SOCIAL_EVENTS,
  },
  {
    name: 'OSLastViewSender__c',
    type: 'Text',
    length: 255,
    channel: 'social',
    updatedBy: ['VIEWED_PROFILE'],
  },
  { name: 'OSLastViewTime__c', type: 'DateTime', channel: 'social', updatedBy: ['VIEWED_PROFILE'] },
];
