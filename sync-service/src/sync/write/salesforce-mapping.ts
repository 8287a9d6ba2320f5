import type { LogType, Platform } from '@outsync/contracts';
import type { LookupMethod, WebhookSettings } from '@outsync/contracts/webhooks';
import type { SalesforcePersonObject } from '../../connectors/crm/salesforce/salesforce-objects.types';

// Pure: what the Salesforce writer looks up and writes, for one event and one webhook's settings
// (spec 01 §2.9, §4; issue 12 "Write to Salesforce").

/** The webhook settings the Salesforce writer reads (the stored webhook has them all). */
export type SalesforceWriteSettings = {
  emailService: Platform;
  /** The Salesforce user id chosen as owner on create (selectedOwner.id). */
  hubspotOwnerId: string;
  assignContactOwner: boolean;
  createOrUpdateTask: boolean;
  createContactCustomProperties: boolean;
  logType: LogType;
  customTaskSubject: string;
  salesforceObjectType: SalesforcePersonObject;
  salesforceOnlyUpdate: boolean;
  salesforceCustomFieldObjects: SalesforcePersonObject[];
  salesforceTaskType: string | null;
  objectLookupMethod: LookupMethod;
  objectLookupIdField: string | null;
  objectDefaultSearchProperty: string | null;
  optionalAlternativeProperty: WebhookSettings['optionalAlternativeProperty'];
};
